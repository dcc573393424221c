// Where a paid gift's money goes is decided once: a transfer to the recipient or a refund to the sender. Every
// deciding update (payout, expiry, cancel, outside refund) is conditional on this, so exactly one of them wins.
// An open card dispute freezes the decision until it closes (decision 014).
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';

/** Paid, neither a transfer nor a refund started, and no dispute open. */
export const moneyUndecided = () =>
  and(
    eq(gifts.status, 'paid'),
    isNull(gifts.transferStartedAt),
    isNull(gifts.refundStartedAt),
    isNull(gifts.disputeOpenedAt),
  );

/** Undecided, and the recipient has answered: waiting for the payout. */
export const awaitingPayout = () => and(moneyUndecided(), isNotNull(gifts.claimStartedAt));
