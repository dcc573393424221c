// Where a paid gift's money goes is decided once: a transfer to the recipient or a refund to the sender. Every
// deciding update (payout, expiry, cancel, outside refund) is conditional on this, so exactly one of them wins.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';

/** Paid, and neither a transfer nor a refund started. */
export const moneyUndecided = () =>
  and(eq(gifts.status, 'paid'), isNull(gifts.transferStartedAt), isNull(gifts.refundStartedAt));

/** Undecided, and the recipient has answered: waiting for the payout. */
export const awaitingPayout = () => and(moneyUndecided(), isNotNull(gifts.claimStartedAt));
