// One handler for provider events in the app's words (payments/events.ts), from Stripe webhooks and the sandbox.
// The event row is inserted by id in the same transaction as its effects (alone when it has none): a replay (sequential or parallel)
// finds the row and changes nothing; a failure rolls both back so the provider's retry handles it again.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { giftPayments, giftPayouts, gifts, webhookEvents } from '../../db/schema.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { AppEvent, AppEventKind } from '../../payments/events.js';
import { handleCheckoutEvent } from './checkout-events.js';
import { recordExpiredCheckout } from './expired-checkout.js';
import { handleAccountEvent } from './account-events.js';
import { handleMoneyEvent } from './money-events.js';
import { handleDisputeEvent } from '../disputes/dispute-events.js';
import { handlePaymentFailed } from '../risk/card-testing.js';
import { handleEarlyFraudWarning } from '../risk/fraud-warning.js';

export interface EventOutcome {
  duplicate: boolean;
}

type EventHandler = (tx: Tx, deps: ServiceDeps, event: AppEvent) => Promise<void>;

const HANDLERS: Partial<Record<AppEventKind, EventHandler>> = {
  checkout_paid: handleCheckoutEvent,
  payout_account_updated: handleAccountEvent,
  payment_refunded: handleMoneyEvent,
  transfer_reversed: handleMoneyEvent,
  payout_account_disconnected: handleMoneyEvent,
  dispute_opened: handleDisputeEvent,
  dispute_won: handleDisputeEvent,
  dispute_lost: handleDisputeEvent,
  payment_failed: handlePaymentFailed,
  early_fraud_warning: handleEarlyFraudWarning,
};

/** What webhook_events.type records: the app event, and for `other` the provider's own type. */
const recordedType = (event: AppEvent) => (event.kind === 'other' ? `other:${event.providerType}` : event.kind);

/** The provider object an event is about (decision 012: the row keeps this, never the payload). */
export function eventObjectId(event: AppEvent): string | null {
  switch (event.kind) {
    case 'checkout_paid':
    case 'checkout_expired':
      return event.checkoutId;
    case 'payment_refunded':
      return event.refundRef ?? event.paymentRef;
    case 'dispute_opened':
    case 'dispute_won':
    case 'dispute_lost':
      return event.disputeRef;
    case 'transfer_reversed':
      return event.transferRef;
    case 'early_fraud_warning':
      return event.warningRef;
    case 'payout_account_updated':
      return event.account.id;
    case 'payout_account_disconnected':
      return event.accountId;
    default:
      return null;
  }
}

/** The gift an event concerns, found by the references it carries (null when it names none). */
function eventGiftId(event: AppEvent): SQL | null {
  // The gift id from the table holding the reference: gifts, or the payment's and payout's own rows.
  const pick = (id: PgColumn, where: SQL) => sql`(select ${id} from ${id.table} where ${where} limit 1)`;
  const [g, p] = [gifts, giftPayments];
  if ('giftPublicId' in event && event.giftPublicId) return pick(g.id, sql`${g.publicId} = ${event.giftPublicId}`);
  if ('checkoutId' in event && event.checkoutId) return pick(g.id, sql`${g.checkoutSessionId} = ${event.checkoutId}`);
  if ('paymentRef' in event && event.paymentRef) return pick(p.giftId, sql`${p.paymentIntentId} = ${event.paymentRef}`);
  if ('chargeRef' in event && event.chargeRef) return pick(p.giftId, sql`${p.chargeId} = ${event.chargeRef}`);
  if (event.kind === 'transfer_reversed')
    return pick(giftPayouts.giftId, sql`${giftPayouts.transferId} = ${event.transferRef}`);
  return null;
}

export async function handleProviderEvent(deps: ServiceDeps, event: AppEvent): Promise<EventOutcome> {
  // Its whole effect in one prepared statement (an expired checkout naming no gift is only recorded, below).
  if (event.kind === 'checkout_expired') {
    const recorded = await recordExpiredCheckout(deps, event);
    if (recorded !== null) return { duplicate: !recorded };
  }
  const handler = HANDLERS[event.kind];
  // An event nothing acts on is only recorded: one statement, no transaction around it (a burst of them is
  // mostly round trips to the database, bench/webhook-burst.bench.mjs).
  if (!handler) return { duplicate: !(await recordEvent(deps.db, deps, event)) };
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, deps, event))) return { duplicate: true };
    await handler(tx, deps, event);
    return { duplicate: false };
  });
}

/**
 * Inserts the event's row by its id; false when it was there already (a replay). It is marked processed as it is
 * inserted: the row commits together with its effects or not at all, so the two times can never differ.
 */
async function recordEvent(db: DbOrTx, deps: ServiceDeps, event: AppEvent): Promise<boolean> {
  const inserted = await recordQuery(db, deps, event).returning({ id: webhookEvents.id });
  return inserted.length > 0;
}

function recordQuery(db: DbOrTx, deps: ServiceDeps, event: AppEvent) {
  const now = deps.clock.now();
  return db
    .insert(webhookEvents)
    .values({
      id: event.id,
      type: recordedType(event),
      receivedAt: now,
      processedAt: now,
      objectId: eventObjectId(event),
      giftId: eventGiftId(event),
    })
    .onConflictDoNothing();
}
