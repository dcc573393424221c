// Card testing (decision 024): someone with a list of stolen card numbers tries them on small gifts until one
// passes. Every declined payment is counted per client address the gift was started from, per payer e-mail and
// per card; once a client address has had RISK_FAILED_PAYMENTS_PER_HOUR declines in an hour, it may not start a
// new checkout (429 with the wait), checked with the gift-start limit (gifts/start-limit.ts).
import { eq } from 'drizzle-orm';
import { giftPayers, gifts } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { AppEvent } from '../../payments/events.js';
import { humanWait, tooManyRequests } from '../../errors.js';
import { recordAttempt, windowState } from '../rate-limit.js';
import { logSecurityEvent } from '../security-log.js';
import { payerIdentity } from './payer-identity.js';

const WINDOW_MS = 60 * 60_000;
const bucket = (part: 'client' | 'email' | 'card', key: string) => `card-failures:${part}:${key}`;

export async function handlePaymentFailed(tx: Tx, deps: ServiceDeps, event: AppEvent): Promise<void> {
  if (event.kind !== 'payment_failed' || !event.giftPublicId) return;
  const [started] = await tx
    .select({ clientKey: giftPayers.clientKey })
    .from(gifts)
    .innerJoin(giftPayers, eq(giftPayers.giftId, gifts.id))
    .where(eq(gifts.publicId, event.giftPublicId));
  const identity = payerIdentity(deps.config.digestSecret!, {
    email: event.payerEmail,
    cardFingerprint: event.cardFingerprint,
  });
  const buckets = [
    started?.clientKey ? bucket('client', started.clientKey) : null,
    identity.emailKey ? bucket('email', identity.emailKey) : null,
    identity.cardKey ? bucket('card', identity.cardKey) : null,
  ].filter((b): b is string => b !== null);
  for (const b of buckets) await recordAttempt(tx, deps.clock, b);
}

/** Refuses a new checkout from a client address past its declined payments of the last hour. */
export async function admitAfterDeclines(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  ip: string,
): Promise<void> {
  const { clientKey } = payerIdentity(deps.config.digestSecret!, { clientAddress: ip });
  const state = await windowState(deps.db, deps.clock, {
    bucket: bucket('client', clientKey!),
    limit: deps.config.risk.failedPaymentsPerHour,
    windowMs: WINDOW_MS,
  });
  if (!state.limited) return;
  await logSecurityEvent(deps.db, deps.clock, { event: 'gift.declines_rate_limited', ip });
  throw tooManyRequests(
    `Several card payments from here were declined. Please try again ${humanWait(state.retryAfterSeconds)}.`,
    state.retryAfterSeconds,
  );
}
