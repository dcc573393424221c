// Where a paid gift's money goes is decided once: a transfer to the recipient or a refund to the sender. The
// deciding moves (payout, expiry, cancel, outside refund) all leave the undecided states through
// gift-lifecycle/transition.ts, so exactly one of them wins. An open card dispute freezes the decision until it
// closes (decision 014): it is a hold beside the state (a gift_disputes row), since the gift goes on where it stood
// once it is won.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { giftDisputes, gifts } from '../../db/schema.js';
import { noRiskHold } from '../risk/hold.js';

/**
 * No card dispute open on the payment. It reads gift_disputes, so a move with it locks its gifts first
 * (gift-lifecycle/transition.ts): the dispute's opening locks the gift too, and the move then sees it.
 */
export const noDisputeOpen = () =>
  sql`not exists (select 1 from ${giftDisputes} where ${giftDisputes.giftId} = ${gifts.id} and ${giftDisputes.disputeOpenedAt} is not null)`;

/** Since when a card dispute is open on the gift's payment (null when none is), in a statement on gifts. */
export const disputeOpenedAt = () =>
  sql<Date | null>`(select ${giftDisputes.disputeOpenedAt} from ${giftDisputes} where ${giftDisputes.giftId} = ${gifts.id})`.mapWith(
    giftDisputes.disputeOpenedAt,
  );

/** Paid, neither a transfer nor a refund started, and no dispute open. */
export const moneyUndecided = () => and(inArray(gifts.state, ['paid', 'claim_started']), noDisputeOpen());

/** Undecided, the recipient has answered, and no risk review holds it: waiting for the payout. */
export const awaitingPayout = () => and(eq(gifts.state, 'claim_started'), noDisputeOpen(), noRiskHold());
