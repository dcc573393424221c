// Why a gift is on the operator's attention list (decisions 017, 019): the stable reason codes of gift_attention
// items. The code says what kind of thing happened, the item's detail says it in words. A new cause is one line
// here (the table's check constraint follows from db:generate) and one raiseAttention call where it happens.
export const ATTENTION_CODES = [
  /** The payout to the recipient failed for good, or has been failing longer than the attention delay. */
  'payout_failed',
  /** The refund to the sender failed for good, or has been failing longer than the attention delay. */
  'refund_failed',
  /** Too many wrong security answers: claiming is frozen until an operator has checked with the recipient. */
  'claim_frozen',
  /** The payment differs from the gift (amount or currency): held, no claim e-mail. */
  'payment_mismatch',
  /** The e-mail with the claim link could not be sent after every attempt. */
  'lost_email',
  /** Refunded in the provider's dashboard after the gift's money was decided (paid out or on its way). */
  'refunded_outside',
  /** A payout taken back from the recipient. */
  'reversed_transfer',
  /** A card dispute is open. */
  'dispute_open',
  /** A card dispute was lost after the money had gone out: a loss. */
  'dispute_lost_after_payout',
  /** The card network's early fraud warning after the payout. */
  'fraud_warning_after_payout',
  /** Carried over from the free-text flag (migration 0023) when its words name none of the codes above. */
  'legacy',
] as const;
export type AttentionCode = (typeof ATTENTION_CODES)[number];

/**
 * What a settled payout or refund ends: the gift's money reached its end, so a failure of it, a frozen claim, a
 * lost claim e-mail and a held mismatched payment (refunded by an operator) need nobody any more. A dispute, a
 * reversal, an outside refund or a fraud warning stays: each is about money that went where it should not have.
 */
export const ENDED_BY_SETTLING: readonly AttentionCode[] = [
  'payout_failed',
  'refund_failed',
  'claim_frozen',
  'lost_email',
  'payment_mismatch',
  'legacy',
];

/** A settled refund also ends a dashboard refund's item: the gift's money went back to the sender either way. */
export const ENDED_BY_REFUND: readonly AttentionCode[] = [...ENDED_BY_SETTLING, 'refunded_outside'];
