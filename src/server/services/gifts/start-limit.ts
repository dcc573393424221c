// Each gift start costs an argon2id hash and a checkout session at the provider, so one client address may
// start only config.giftStartsPerClient gifts per GIFT_START_WINDOW_MS (counted in the database, shared by
// every instance). Validation runs first: a rejected form does not use up the allowance.
// A gift start is the app's busiest write (issue 27 point 3, docs/benchmarks.md): what it reads before the gift is
// one prepared statement, and the allowance one transaction of prepared statements (services/rate-limit.ts).
import type { ServiceDeps } from '../../deps.js';
import { GIFT_START_WINDOW_MS } from '../../config.js';
import { statement, runOn } from '../../db/statements.js';
import { admitClientAttempt } from '../client-allowance.js';
import { since, windowSql, windowStateOf, type WindowRow } from '../rate-limit.js';
import { addressDigest } from '../recipient-rights/address-links.js';
import { notAcceptingGifts, stoppedSql } from '../recipient-rights/stop-all.js';
import { recipientBlockKey, recipientBlockedSql, recipientUnavailable } from '../risk/blocked.js';
import { declinesWindow, refuseAfterDeclines } from '../risk/card-testing.js';
import { payerIdentity } from '../risk/payer-identity.js';

/** The client address's declines (card testing), and whether the recipient stopped all gifts or is blocked. */
const startChecks = statement(
  'gift_start_checks',
  `select declines.n, declines.oldest, ${stoppedSql('$4')} as stopped, ${recipientBlockedSql('$5')} as blocked
   from (${windowSql('$1', '$2', '$3')}) declines`,
);

/** What admitGiftStart checked, for createGift not to check it again. */
export interface GiftStart {
  /** The recipient address found neither on the stop list nor blocked, if one was given. */
  checkedRecipient: string | null;
}

/**
 * Admits a gift start from the client address, or throws the refusal. In order, as when each was its own step:
 * the address's declined payments (card testing, 429; no allowance used), the allowance (429), then, when the
 * recipient is known, the stop list and the blocks (409 each; the allowance is used, so the stop list cannot be
 * probed faster than gifts can be started).
 */
export async function admitGiftStart(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  ip: string,
  recipientEmail: string | null = null,
): Promise<GiftStart> {
  const secret = deps.config.digestSecret!;
  // Declines are counted under the address's key (none without an address: its window stays empty).
  const clientKey = payerIdentity(secret, { clientAddress: ip }).clientKey ?? '';
  const declines = declinesWindow(deps.config, 'client', clientKey);
  const now = deps.clock.now();
  const [checks] = await runOn(deps.db)<WindowRow & { stopped: boolean; blocked: boolean }>(startChecks, [
    declines.bucket,
    since(declines, now),
    declines.limit,
    recipientEmail === null ? null : addressDigest(secret, recipientEmail),
    recipientEmail === null ? null : recipientBlockKey(secret, recipientEmail),
  ]);
  await refuseAfterDeclines(deps, [windowStateOf(checks!, declines, now)], ip);
  await admitClientAttempt(deps, ip, {
    name: 'gift-start',
    limit: deps.config.giftStartsPerClient,
    windowMs: GIFT_START_WINDOW_MS,
    refusedEvent: 'gift.start_rate_limited',
    refusal: (wait) => `You've started many gifts in a short time. Please try again ${wait}.`,
  });
  if (checks!.stopped) throw notAcceptingGifts();
  if (checks!.blocked) throw recipientUnavailable();
  return { checkedRecipient: recipientEmail };
}
