// The risk layer's tables (decision 024). gift_payers: who paid each gift, as keyed digests of the payer identity
// (never the address or e-mail itself), so velocity and blocks can count across gifts. risk_reviews: a gift held
// for an operator's review, its reasons and the decision; an open review (decision null) keeps the transfer back.
// gift_id names a gifts row without a foreign key: this file cannot import schema.ts (which re-exports it), and
// gift rows are never deleted (retention erases their personal columns).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const giftPayers = pgTable(
  'gift_payers',
  {
    giftId: integer('gift_id').primaryKey(),
    /** Digest of the client address the gift was started from (an IPv6 /64 counts as one). */
    clientKey: text('client_key'),
    /** Digest of the checkout's e-mail, normalised; known from payment on. */
    emailKey: text('email_key'),
    /** Digest of the card's fingerprint, where the provider gives one. */
    cardKey: text('card_key'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    index('gift_payers_client_idx').on(t.clientKey, t.paidAt),
    index('gift_payers_email_idx').on(t.emailKey, t.paidAt),
    index('gift_payers_card_idx').on(t.cardKey, t.paidAt),
  ],
);

export const RISK_DECISIONS = ['approved', 'rejected'] as const;
export type RiskDecision = (typeof RISK_DECISIONS)[number];

export const riskReviews = pgTable(
  'risk_reviews',
  {
    giftId: integer('gift_id').primaryKey(),
    /** Rule codes (services/risk/rules.ts); operators only, never shown to a sender or recipient. */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    heldAt: ts('held_at').notNull(),
    decision: text('decision').$type<RiskDecision>(),
    /** The admin who decided; null for a decision a rule made (the provider rated the payment highest risk). */
    operatorId: integer('operator_id'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('risk_reviews_open_idx')
      .on(t.heldAt)
      .where(sql`${t.decision} is null`),
    check('risk_reviews_decision_check', sql`${t.decision} is null or ${t.decision} in ('approved', 'rejected')`),
    check(
      'risk_reviews_decided_check',
      sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.operatorId} is null or ${t.decision} is not null)`,
    ),
  ],
);

export const RISK_BLOCK_KINDS = ['payer_email', 'payer_card', 'payer_client', 'recipient'] as const;
export type RiskBlockKind = (typeof RISK_BLOCK_KINDS)[number];

/**
 * What an operator (or the early-fraud-warning rule) blocked (decision 024): one part of a payer identity (the same
 * keyed digests as gift_payers) or a recipient address (a keyed digest of the normalised address). A gift to a
 * blocked address is refused before payment; a gift from a blocked payer is refunded whole once paid.
 */
export const riskBlocks = pgTable(
  'risk_blocks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<RiskBlockKind>().notNull(),
    key: text('key').notNull(),
    /** For operators: what it is without the value ("e-mail of the payer of gift #12", "j…@example.com"). */
    label: text('label').notNull(),
    /** The gift the payer block was taken from, if any. */
    giftId: integer('gift_id'),
    /** 'operator', or 'early_fraud_warning' when the rule blocked the payer after a payout. */
    source: text('source').notNull(),
    operatorId: integer('operator_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('risk_blocks_kind_key_idx').on(t.kind, t.key),
    check('risk_blocks_kind_check', sql`${t.kind} in ('payer_email', 'payer_card', 'payer_client', 'recipient')`),
  ],
);
