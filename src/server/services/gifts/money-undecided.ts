// Where a paid gift's money goes is decided once: a transfer to the recipient or a refund to the sender. The
// deciding moves (payout, expiry, cancel, outside refund) all leave the undecided states through
// gift-lifecycle/transition.ts, so exactly one of them wins. An open card dispute freezes the decision until it
// closes (decision 014): it is a hold beside the state, since the gift goes on where it stood once it is won.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import { noRiskHold } from '../risk/hold.js';

/** No card dispute open on the payment. */
export const noDisputeOpen = () => isNull(gifts.disputeOpenedAt);

/** Paid, neither a transfer nor a refund started, and no dispute open. */
export const moneyUndecided = () => and(inArray(gifts.state, ['paid', 'claim_started']), noDisputeOpen());

/** Undecided, the recipient has answered, and no risk review holds it: waiting for the payout. */
export const awaitingPayout = () => and(eq(gifts.state, 'claim_started'), noDisputeOpen(), noRiskHold());
