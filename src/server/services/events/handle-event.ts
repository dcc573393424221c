// One handler for provider events, from Stripe webhooks and from the sandbox alike.
// The event row is inserted by id in the same transaction as its effects: a replay (sequential or parallel)
// finds the row and changes nothing; a failure rolls both back so the provider's retry handles it again.
import { eq } from 'drizzle-orm';
import { webhookEvents } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProviderEvent } from '../../payments/provider.js';
import { handleCheckoutEvent } from './checkout-events.js';
import { handleAccountEvent } from './account-events.js';

export interface EventOutcome {
  duplicate: boolean;
}

type EventHandler = (tx: Tx, deps: ServiceDeps, event: ProviderEvent) => Promise<void>;

const HANDLERS: Array<[prefix: string, handler: EventHandler]> = [
  ['checkout.session.', handleCheckoutEvent],
  ['account.', handleAccountEvent],
];

export async function handleProviderEvent(deps: ServiceDeps, event: ProviderEvent): Promise<EventOutcome> {
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type, receivedAt: deps.clock.now(), payload: event })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return { duplicate: true };
    const handler = HANDLERS.find(([prefix]) => event.type.startsWith(prefix))?.[1];
    if (handler) await handler(tx, deps, event);
    await tx.update(webhookEvents).set({ processedAt: deps.clock.now() }).where(eq(webhookEvents.id, event.id));
    return { duplicate: false };
  });
}
