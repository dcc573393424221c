// The gift's lifecycle (decision 019): every state a gift can be in, the moves allowed between them, and the
// public status each state shows as. The only table of it: db/schema.ts derives the `status` column and the check
// constraint from it, transition.ts refuses any move it does not list.
import type { GiftStatus } from '../../../shared/statuses.js';

export const GIFT_STATES = [
  /** Checkout started, not paid. */
  'pending',
  /** Its checkout expired unpaid; a late payment still completes it. */
  'abandoned',
  /** Paid; where the money goes is not decided (delivered now or scheduled, see the delivery columns). */
  'paid',
  /** The recipient answered: waiting for their payout account. */
  'claim_started',
  /** The transfer to the recipient has been requested. */
  'transferring',
  /** The transfer settled. */
  'claimed',
  /** Expired, cancelled by the sender or refunded by an operator: the refund has been requested. */
  'refunding',
  /** The refund settled (or the provider refunded it outside Hushgift). */
  'refunded',
  /** Closed by a lost card dispute. */
  'disputed',
] as const;
export type GiftState = (typeof GIFT_STATES)[number];

/** Allowed moves: from → the states it may go to. Anything else is refused by the database update. */
export const GIFT_TRANSITIONS = {
  pending: ['abandoned', 'paid'],
  abandoned: ['paid'],
  paid: ['claim_started', 'refunding', 'refunded', 'disputed'],
  // The payout account withdrawn reopens the gift. (Answering again is no move: claims/claim.ts.)
  claim_started: ['paid', 'transferring', 'refunding', 'refunded', 'disputed'],
  transferring: ['claimed', 'disputed'],
  claimed: ['disputed'],
  refunding: ['refunded', 'disputed'],
  refunded: ['disputed'],
  disputed: [],
} as const satisfies Record<GiftState, readonly GiftState[]>;

/** The status the public API, the admin and the totals show: the lifecycle's finer states fold into it. */
export const STATUS_OF_STATE = {
  pending: 'pending',
  abandoned: 'pending',
  paid: 'paid',
  claim_started: 'paid',
  transferring: 'paid',
  claimed: 'claimed',
  refunding: 'expired',
  refunded: 'refunded',
  disputed: 'disputed',
} as const satisfies Record<GiftState, GiftStatus>;

/** The states a move to `to` may start from. */
export function statesLeadingTo(to: GiftState): GiftState[] {
  return GIFT_STATES.filter((from) => (GIFT_TRANSITIONS[from] as readonly GiftState[]).includes(to));
}

export function isAllowedTransition(from: GiftState, to: GiftState): boolean {
  return (GIFT_TRANSITIONS[from] as readonly GiftState[]).includes(to);
}
