// The admin's Review queue and Risk rules (decision 024): shapes shared by the routes and the admin page. Amounts
// are decimal strings ("52.80"); times ISO strings. Operators only: none of it reaches a sender or recipient.
import { z } from 'zod';
import { email } from './common.js';

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

/** Blocks (decision 024): a payer identity's parts, or a recipient address; only their keyed digests are kept. */
export const BLOCK_KINDS = ['payer_email', 'payer_card', 'payer_client', 'recipient'] as const;
export const BLOCK_KIND_LABELS: Record<(typeof BLOCK_KINDS)[number], string> = {
  payer_email: "Payer's e-mail",
  payer_card: "Payer's card",
  payer_client: "Payer's client address",
  recipient: 'Recipient address',
};

export const blockSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BLOCK_KINDS),
  /** What it is without the value: "payer of gift #12", "j…@example.com". */
  label: z.string(),
  giftId: z.number().int().nullable(),
  /** 'operator', or 'early_fraud_warning' (the rule blocked the payer after a payout). */
  source: z.string(),
  createdAt: z.string(),
});
export type Block = z.infer<typeof blockSchema>;

export const blocksSchema = z.object({ blocks: z.array(blockSchema) });
export type Blocks = z.infer<typeof blocksSchema>;

export const blockRecipientSchema = z.object({ email: email('Recipient address') });
export const blockIdParamSchema = z.object({
  blockId: z.coerce
    .number({ error: 'blockId must be a block number' })
    .int('blockId must be a block number')
    .min(1, 'blockId must be a block number')
    .max(2_147_483_647, 'blockId must be a block number'),
});
/** `changed`: false when it was blocked (or unblocked) already, by an earlier or racing click. */
export const blockOutcomeSchema = z.object({ changed: z.boolean(), message: z.string() });
