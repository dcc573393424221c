// A gift's row as the tests read it: every column, and the reasons of its open attention items in one line
// (needsAttention, null when none is open), read as the admin API's gift view reads them (attention/items.ts).
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  giftAttention,
  giftClaimAttempts,
  giftDeliveries,
  giftDisputes,
  giftPayments,
  giftPayouts,
  giftResponses,
  giftSenders,
  gifts,
} from '../../src/server/db/schema.js';
import { openAttention, openAttentionText } from '../../src/server/services/attention/items.js';
import type { DbOrTx } from '../../src/server/db/client.js';

/**
 * A column of a table keyed by gift_id (the groups moved out of gifts, decision 019), read as if it were still the
 * gift's: the row's value, or the column's default when the gift has no row there yet.
 */
function movedColumn<C extends PgColumn>(
  table: PgTable & { giftId: PgColumn },
  column: C,
  otherwise: SQL | number | null,
) {
  return sql<
    C['_']['data'] | (typeof otherwise extends null ? null : never)
  >`coalesce((select ${column} from ${table} where ${table.giftId} = ${gifts.id}), ${otherwise})`.mapWith(column);
}

const a = giftClaimAttempts;
const d = giftDeliveries;
const r = giftResponses;
const p = giftPayouts;
const m = giftPayments;
const s = giftSenders;
const x = giftDisputes;
const movedColumns = {
  wrongAnswerCount: movedColumn(a, a.wrongAnswerCount, 0) as SQL<number>,
  wrongAnswersTotal: movedColumn(a, a.wrongAnswersTotal, 0) as SQL<number>,
  claimLocks: movedColumn(a, a.claimLocks, 0) as SQL<number>,
  claimLockedUntil: movedColumn(a, a.claimLockedUntil, null) as SQL<Date | null>,
  claimFrozenAt: movedColumn(a, a.claimFrozenAt, null) as SQL<Date | null>,
  deliverAt: movedColumn(d, d.deliverAt, null) as SQL<Date | null>,
  deliveryTimeZone: movedColumn(d, d.deliveryTimeZone, null) as SQL<string | null>,
  notifiedAt: movedColumn(d, d.notifiedAt, null) as SQL<Date | null>,
  undeliverableAt: movedColumn(d, d.undeliverableAt, null) as SQL<Date | null>,
  emailCorrections: movedColumn(d, d.emailCorrections, 0) as SQL<number>,
  senderResentAt: movedColumn(d, d.senderResentAt, null) as SQL<Date | null>,
  cancelledAt: movedColumn(r, r.cancelledAt, null) as SQL<Date | null>,
  declinedAt: movedColumn(r, r.declinedAt, null) as SQL<Date | null>,
  thankYouNote: movedColumn(r, r.thankYouNote, null) as SQL<string | null>,
  thankYouAt: movedColumn(r, r.thankYouAt, null) as SQL<Date | null>,
  recipientAccountId: movedColumn(p, p.recipientAccountId, null) as SQL<string | null>,
  transferStartedAt: movedColumn(p, p.transferStartedAt, null) as SQL<Date | null>,
  transferId: movedColumn(p, p.transferId, null) as SQL<string | null>,
  claimedAt: movedColumn(p, p.claimedAt, null) as SQL<Date | null>,
  reconcileAfter: movedColumn(p, p.reconcileAfter, null) as SQL<Date | null>,
  paymentIntentId: movedColumn(m, m.paymentIntentId, null) as SQL<string | null>,
  chargeId: movedColumn(m, m.chargeId, null) as SQL<string | null>,
  senderFirstName: movedColumn(s, s.senderFirstName, null) as SQL<string | null>,
  senderLastName: movedColumn(s, s.senderLastName, null) as SQL<string | null>,
  senderEmail: movedColumn(s, s.senderEmail, null) as SQL<string | null>,
  disputeOpenedAt: movedColumn(x, x.disputeOpenedAt, null) as SQL<Date | null>,
  disputedAt: movedColumn(x, x.disputedAt, null) as SQL<Date | null>,
};
type Moved = { [K in keyof typeof movedColumns]: (typeof movedColumns)[K] extends SQL<infer T> ? T : never };

export const giftRowColumns = {
  ...getTableColumns(gifts),
  ...movedColumns,
  needsAttention: openAttentionText(gifts.id),
};
/** needsAttention is there when read through giftRowColumns. */
export type GiftRow = typeof gifts.$inferSelect & Moved & { needsAttention?: string | null };

/** The gift's row with its open attention; undefined when there is no such gift. */
export async function readGiftRow(db: DbOrTx, id: number): Promise<GiftRow | undefined> {
  const [row] = await db.select(giftRowColumns).from(gifts).where(eq(gifts.id, id));
  return row;
}

/** The codes of the gift's open attention items, sorted. */
export async function openAttentionCodes(db: DbOrTx, giftId: number): Promise<string[]> {
  const rows = await db
    .select({ code: giftAttention.code })
    .from(giftAttention)
    .where(and(eq(giftAttention.giftId, giftId), openAttention()));
  return rows.map((r) => r.code).sort();
}
