// The admin dashboard's Money section and Needs attention list (decision 017): shapes shared by the routes and
// the dashboard. Amounts are decimal strings ("52.80"); times are ISO strings.
import { z } from 'zod';
import { adminGiftGroupSchema } from './admin.js';
import { GIFT_STATUSES } from '../statuses.js';

/** The ledger's totals: where every collected cent went. */
export const adminMoneySchema = z.object({
  /** Charged to senders: gift amounts, fees and tips. */
  collected: z.string(),
  /** Held for recipients: not yet paid out or refunded. */
  owedToRecipients: z.string(),
  /** Transferred to recipients, less transfers reversed. */
  paidOut: z.string(),
  /** Refunded to senders, by Hushgift or in the provider's dashboard. */
  refunded: z.string(),
  fees: z.string(),
  tips: z.string(),
  /** Taken back by card disputes, net of disputes won. */
  disputed: z.string(),
});
export type AdminMoney = z.infer<typeof adminMoneySchema>;

export const ATTENTION_CAUSES = ['flagged', 'frozen_claim', 'failed_movement', 'reported'] as const;

/** A gift an operator must look at, and what can be done about it here. */
export const attentionItemSchema = z.object({
  giftId: z.number().int(),
  status: z.enum(GIFT_STATUSES),
  amount: z.string(),
  /** Why, in words: the gift's flag, else the failed movement's error, else the frozen claim. */
  reason: z.string(),
  /** Every cause that keeps the gift on the list. */
  causes: z.array(z.enum(ATTENTION_CAUSES)),
  /** When the oldest cause began (as far as the records tell), and how long ago that is in seconds. */
  since: z.string(),
  ageSeconds: z.number().int(),
  /** A payout or refund is waiting or failed: "Retry now" applies. */
  canRetry: z.boolean(),
  /** Where the money goes is still undecided: "Refund sender" applies. */
  canRefund: z.boolean(),
  /** Only a flag keeps it here (no failed movement, no frozen claim): "Mark resolved" applies. */
  canResolve: z.boolean(),
  /**
   * A share of a group gift (decision 026): the group's id (admin search by it lists every share) and whether this
   * share carries the group's claim. A share is a whole gift of its own here; the group tells what else it touches.
   */
  group: adminGiftGroupSchema,
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const ATTENTION_LIST_LIMIT = 100;

export const attentionListSchema = z.object({
  /** The longest-waiting gifts first, at most ATTENTION_LIST_LIMIT. */
  items: z.array(attentionItemSchema),
  total: z.number().int(),
});
export type AttentionList = z.infer<typeof attentionListSchema>;

export const retryOutcomeSchema = z.object({
  /** held: waits while a card dispute is open; cancelled: no longer needed (a lost dispute, a dashboard refund). */
  outcome: z.enum(['succeeded', 'retrying', 'failed', 'held', 'cancelled']),
  message: z.string(),
});
export type RetryOutcome = z.infer<typeof retryOutcomeSchema>;
