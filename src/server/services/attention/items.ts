// The operator's attention items (decision 019, table gift_attention): the one place that opens and closes them.
//
//   raiseAttention(db, giftId, code, detail, at)
//     Puts the gift on the attention list for `code` (src/shared/attention.ts), with `detail` as the operator
//     reads it (e-mail addresses are cut out: no personal data; at most 500 characters), since `at` (the app's
//     clock). One statement: raising a code already open on the gift (twice, or by racing callers) keeps the one
//     item and its since, and takes the new detail (e.g. "failing for 120 minutes" becoming "failed").
//
//   resolveAttention(db, giftId, codes, { at, by, detailPrefix })
//     Closes the gift's open items of those codes ('all': every one): resolved at `at` by the admin `by` (null:
//     the product ended the cause itself). `detailPrefix` closes only items whose detail starts so (a won
//     dispute closes its own). Answers the items it closed.
//
// Readers use the SQL pieces below, so the list, the admin gift view, the payout job and the ledger check agree.
import { and, eq, getTableName, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { giftAttention } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { AttentionCode } from '../../../shared/attention.js';

const a = giftAttention;
const EMAIL_ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/** The detail as stored: no e-mail address, at most 500 characters. */
export const attentionDetail = (detail: string) => detail.replace(EMAIL_ADDRESS, '[address]').slice(0, 500);

export async function raiseAttention(
  db: DbOrTx,
  giftId: number,
  code: AttentionCode,
  detail: string,
  at: Date,
): Promise<void> {
  await db
    .insert(a)
    .values({ giftId, code, detail: attentionDetail(detail), since: at })
    .onConflictDoUpdate({
      target: [a.giftId, a.code],
      targetWhere: isNull(a.resolvedAt),
      set: { detail: sql`excluded.detail` },
    });
}

export async function resolveAttention(
  db: DbOrTx,
  giftId: number,
  codes: readonly AttentionCode[] | 'all',
  options: { at: Date; by?: number | null; detailPrefix?: string },
): Promise<Array<{ code: AttentionCode; detail: string }>> {
  if (codes !== 'all' && codes.length === 0) return [];
  const prefix = options.detailPrefix;
  return db
    .update(a)
    .set({ resolvedAt: options.at, resolvedBy: options.by ?? null })
    .where(
      and(
        eq(a.giftId, giftId),
        isNull(a.resolvedAt),
        codes === 'all' ? undefined : inArray(a.code, [...codes]),
        prefix === undefined ? undefined : sql`left(${a.detail}, ${prefix.length}) = ${prefix}`,
      ),
    )
    .returning({ code: a.code, detail: a.detail });
}

/** The open items, for `from (...)` and `in (...)`: gift_attention_open_idx holds exactly these. */
export const openAttention = (): SQL => isNull(a.resolvedAt);

/**
 * The gift's open items as a correlated subquery's condition. Both sides are written with their table's name:
 * drizzle leaves columns unqualified in a single-table select, where `gift_id = id` would bind to the item's own id.
 */
const openItemsOf = (giftId: AnyPgColumn) =>
  sql`${sql.identifier('gift_attention')}.${sql.identifier('gift_id')} = ${sql.identifier(getTableName(giftId.table))}.${sql.identifier(giftId.name)} and ${sql.identifier('gift_attention')}.${sql.identifier('resolved_at')} is null`;

/** The gift has an open item. */
export const hasOpenAttention = (giftId: AnyPgColumn): SQL =>
  sql`exists (select 1 from ${a} where ${openItemsOf(giftId)})`;

/** The details of the gift's open items, the oldest first, in one line; null when none is open. */
export const openAttentionText = (giftId: AnyPgColumn) =>
  sql<
    string | null
  >`(select string_agg(${sql.identifier('gift_attention')}.${sql.identifier('detail')}, ' · ' order by ${sql.identifier('gift_attention')}.${sql.identifier('since')}, ${sql.identifier('gift_attention')}.${sql.identifier('id')}) from ${a} where ${openItemsOf(giftId)})`;

/** When the gift's oldest open item was raised; null when none is open. */
export const openAttentionSince = (giftId: AnyPgColumn) =>
  sql<Date | null>`(select min(${sql.identifier('gift_attention')}.${sql.identifier('since')}) from ${a} where ${openItemsOf(giftId)})`;
