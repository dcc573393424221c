// The one way a refund starts (issue 22): the gift moves to refunding, expired and refund started at the same
// instant (gifts_transfer_xor_refund keeps a started transfer out). The refund movement itself is the ledger's
// (ledger/reconciler.ts requestRefund); a sender's cancellation or a recipient's decline is recorded with it.
import { sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import { giftResponses } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { transition, type GiftRow, type GiftTarget } from './transition.js';

export interface RefundStart {
  at: Date;
  /** A further condition (no dispute open, due for expiry...). */
  where?: SQL;
  /** Who asked for it, recorded in gift_responses: the sender cancelled, or the recipient declined. */
  response?: 'cancelled' | 'declined';
}

/** Moves the gift(s) to refunding; answers the moved rows (none when no gift could move). */
export function startRefund(db: DbOrTx, gift: GiftTarget, start: RefundStart): Promise<GiftRow[]>;
/** The same, answering only `columns` of the moved rows (with the id when a response is recorded). */
export function startRefund<F extends SelectedFieldsFlat>(
  db: DbOrTx,
  gift: GiftTarget,
  start: RefundStart,
  columns: F,
): Promise<SelectResultFields<F>[]>;
export async function startRefund(
  db: DbOrTx,
  gift: GiftTarget,
  start: RefundStart,
  columns?: SelectedFieldsFlat,
): Promise<unknown[]> {
  const move = {
    to: 'refunding' as const,
    at: start.at,
    set: { expiredAt: start.at, refundStartedAt: start.at },
    where: start.where,
  };
  const moved = (columns ? await transition(db, gift, move, columns) : await transition(db, gift, move)) as {
    id: number;
  }[];
  if (start.response && moved.length)
    await recordResponse(
      db,
      moved.map((g) => g.id),
      start.response,
      start.at,
    );
  return moved;
}

/** The sender's cancellation or the recipient's decline, on the gifts' gift_responses rows (made when missing). */
async function recordResponse(
  db: DbOrTx,
  giftIds: number[],
  response: 'cancelled' | 'declined',
  at: Date,
): Promise<void> {
  const column = response === 'cancelled' ? 'cancelledAt' : 'declinedAt';
  await db
    .insert(giftResponses)
    .values(giftIds.map((giftId) => ({ giftId, [column]: at })))
    .onConflictDoUpdate({
      target: giftResponses.giftId,
      set: { [column]: sql`excluded.${sql.identifier(giftResponses[column].name)}` },
    });
}
