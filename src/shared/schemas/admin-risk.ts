// The admin's Review queue and Risk rules (decision 024): shapes shared by the routes and the admin page. Amounts
// are decimal strings ("52.80"); times ISO strings. Operators only: none of it reaches a sender or recipient.
import { z } from 'zod';

/** One payer's last 90 days, matched by any part of the payer identity. */
export const payerHistorySchema = z.object({
  gifts: z.number().int(),
  amount: z.string(),
  disputes: z.number().int(),
  refunds: z.number().int(),
  /** Distinct recipient addresses other than this gift's. */
  otherRecipients: z.number().int(),
});

export const reviewItemSchema = z.object({
  giftId: z.number().int(),
  amount: z.string(),
  paidAt: z.string().nullable(),
  heldAt: z.string(),
  /** The rules that held it: code and label. */
  reasons: z.array(z.object({ code: z.string(), label: z.string() })),
  /** The recipient has answered (their payout waits on the decision). */
  claimed: z.boolean(),
  history: payerHistorySchema,
  /** How this gift's payer links to the others: gifts sharing the e-mail, the card, the client address (24 h). */
  linkage: z.object({ sameEmail: z.number().int(), sameCard: z.number().int(), sameClient: z.number().int() }),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** The dashboard's risk figures: held now, decided in 30 days, and the dispute rate over 90 days. */
export const riskFiguresSchema = z.object({
  heldNow: z.number().int(),
  approved30d: z.number().int(),
  rejected30d: z.number().int(),
  /** Disputes opened over paid gifts, 90 days, in percent with two decimals ("0.42"). */
  disputeRatePercent: z.string(),
  /** Above DISPUTE_RATE_WARNING_PERCENT: card networks call 0.75% excessive. */
  disputeRateWarning: z.boolean(),
});
export type RiskFigures = z.infer<typeof riskFiguresSchema>;

export const DISPUTE_RATE_WARNING_PERCENT = 0.5;

export const reviewQueueSchema = z.object({ items: z.array(reviewItemSchema), figures: riskFiguresSchema });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const reviewDecisionSchema = z.object({ decided: z.boolean(), message: z.string() });

export const riskRulesSchema = z.object({
  rules: z.array(z.object({ name: z.string(), value: z.string(), setting: z.string().nullable() })),
});
export type RiskRules = z.infer<typeof riskRulesSchema>;
