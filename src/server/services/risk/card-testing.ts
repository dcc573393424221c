// Card testing (decision 024): someone with a list of stolen card numbers tries them on small gifts until one
// passes. Every declined payment is counted per client address the gift was started from, per payer e-mail and
// per card; once a client address or a payer e-mail has had RISK_FAILED_PAYMENTS_PER_HOUR declines in an hour, it
// may not start a new checkout (429 with the wait): the address with the gift-start limit (gifts/start-limit.ts),
// the e-mail when the gift is created (gifts/create-gift.ts).
import { eq } from 'drizzle-orm';
import { giftPayers, gifts } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { Config } from '../../config.js';
import type { AppEvent } from '../../payments/events.js';
import { humanWait, tooManyRequests } from '../../errors.js';
import { recordAttempt, windowState, type Window, type WindowState } from '../rate-limit.js';
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

/**
 * Refuses a new checkout when any known part of the payer is past its declined payments of the last hour. Before
 * the checkout only the client address is always known, and the e-mail when the sender gives one (a donor's, which
 * the checkout is prefilled with); the card is known only once a payment is tried, so its count refuses nothing
 * before a checkout (docs/risk.md).
 */
export async function admitAfterDeclines(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  payer: { clientAddress?: string | null; email?: string | null },
): Promise<void> {
  const identity = payerIdentity(deps.config.digestSecret!, payer);
  const windows = [
    identity.clientKey ? declinesWindow(deps.config, 'client', identity.clientKey) : null,
    identity.emailKey ? declinesWindow(deps.config, 'email', identity.emailKey) : null,
  ].filter((w): w is Window => w !== null);
  const states = await Promise.all(windows.map((w) => windowState(deps.db, deps.clock, w)));
  await refuseAfterDeclines(deps, states, payer.clientAddress ?? null);
}

/** The declines of the last hour counted for one part of the payer (its key in payerIdentity). */
export const declinesWindow = (config: Pick<Config, 'risk'>, part: 'client' | 'email', key: string): Window => ({
  bucket: bucket(part, key),
  limit: config.risk.failedPaymentsPerHour,
  windowMs: WINDOW_MS,
});

/** Throws the 429 with the longest wait (and logs it) when any of the payer's declines windows is full. */
export async function refuseAfterDeclines(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  states: WindowState[],
  clientAddress: string | null,
): Promise<void> {
  const limited = states.filter((s) => s.limited);
  if (limited.length === 0) return;
  const wait = Math.max(...limited.map((s) => s.retryAfterSeconds));
  await logSecurityEvent(deps.db, deps.clock, { event: 'gift.declines_rate_limited', ip: clientAddress });
  throw tooManyRequests(`Several card payments were declined. Please try again ${humanWait(wait)}.`, wait);
}
