// The operator's attention items (decision 019): one row per reason a gift needs a person, written and closed only
// by services/attention/items.ts. An item is open until resolved_at; at most one is open per gift and reason code
// (gift_attention_open_idx), so a cause raised twice, or by racing callers, is one item. Resolved items stay as
// the gift's history. gift_id and resolved_by (an admins id; null when the product itself ended the cause) have
// no foreign key: this file may not import schema.ts (which re-exports it; no import cycles).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ATTENTION_CODES, type AttentionCode } from '../../../shared/attention.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const giftAttention = pgTable(
  'gift_attention',
  {
    id: serial('id').primaryKey(),
    giftId: integer('gift_id').notNull(),
    code: text('code').$type<AttentionCode>().notNull(),
    /** The reason in the operator's words (no personal data), the latest raise's. */
    detail: text('detail').notNull(),
    since: ts('since').notNull(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: integer('resolved_by'),
  },
  (t) => [
    // Also the attention list's and the payout job's index: it holds only the open items.
    uniqueIndex('gift_attention_open_idx')
      .on(t.giftId, t.code)
      .where(sql`${t.resolvedAt} is null`),
    check('gift_attention_code_check', sql`${t.code} in (${sql.raw(quoted(ATTENTION_CODES))})`),
  ],
);
