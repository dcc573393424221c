// The one way a gift changes state (decision 019): a single conditional UPDATE that moves the gift only from a
// state the table allows (states.ts), so two racing moves cannot both happen and a forbidden one changes nothing.
import { and, Column, eq, inArray, is, SQL, Table } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { PgUpdateSetSource, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import { giftDisputes, gifts } from '../../db/schema.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { isTransaction } from '../../db/statements.js';
import { statesLeadingTo, type GiftState } from './states.js';

export type GiftRow = typeof gifts.$inferSelect;

export interface Move {
  to: GiftState;
  /** When (a SQL expression where the move is part of a prepared statement). */
  at: Date | SQL;
  /** Columns written with the move (timestamps, references). */
  set?: Omit<PgUpdateSetSource<typeof gifts>, 'state' | 'stateChangedAt'>;
  /** A further condition the move needs (no dispute open, within the claim window...). */
  where?: SQL;
}

/** A gift id, several, or a condition that picks the gift (its checkout or payment reference). */
export type GiftTarget = number | readonly number[] | SQL;

function targetSql(gift: GiftTarget): SQL | undefined {
  if (typeof gift === 'number') return eq(gifts.id, gift);
  if (is(gift, SQL)) return gift;
  return gift.length ? inArray(gifts.id, [...gift]) : undefined;
}

/**
 * Moves the gift(s) to `move.to` if each is in a state allowed to go there and meets `move.where`: one UPDATE
 * (after locking the gifts when `where` reads an open dispute). Answers the moved rows as they are after the move;
 * none when no gift could move.
 */
export function transition(db: DbOrTx, gift: GiftTarget, move: Move): Promise<GiftRow[]>;
/** The same, answering only `columns` of the moved rows (batches of thousands of gifts). */
export function transition<F extends SelectedFieldsFlat>(
  db: DbOrTx,
  gift: GiftTarget,
  move: Move,
  columns: F,
): Promise<SelectResultFields<F>[]>;
export async function transition(
  db: DbOrTx,
  gift: GiftTarget,
  move: Move,
  columns?: SelectedFieldsFlat,
): Promise<unknown[]> {
  const run = (on: DbOrTx) => {
    const update = moveQuery(on, gift, move);
    if (!update) return Promise.resolve([]);
    return columns ? update.returning(columns) : update.returning();
  };
  if (!move.where || !readsTable(move.where, giftDisputes)) return run(db);
  // A condition on the gift's dispute row (no dispute open) is read with the UPDATE's snapshot, and a gift row
  // found locked is re-checked only on its own columns: a dispute opened (the gift locked, then its row written)
  // while the UPDATE waited would go unseen. Locking the gifts first makes the UPDATE start after that commit.
  const lockThenMove = async (tx: Tx) => {
    const target = targetSql(gift);
    if (target) await tx.select({ id: gifts.id }).from(gifts).where(target).orderBy(gifts.id).for('update');
    return run(tx);
  };
  return isTransaction(db) ? lockThenMove(db as Tx) : (db as Db).transaction(lockThenMove);
}

/** Whether the condition reads `table` (one of its columns, or the table in a subquery). */
function readsTable(condition: unknown, table: Table): boolean {
  if (Array.isArray(condition)) return condition.some((chunk) => readsTable(chunk, table));
  if (is(condition, SQL)) return condition.queryChunks.some((chunk) => readsTable(chunk, table));
  if (is(condition, Column)) return condition.table === table;
  return condition === table;
}

/**
 * The same move as a query not yet run, or null when no gift could move: for a statement that makes it one part
 * of a larger one (a data-modifying WITH, services/events/checkout-events.ts). Answer `.returning(columns)` of it.
 */
export function moveQuery(db: DbOrTx, gift: GiftTarget, move: Move) {
  const from = statesLeadingTo(move.to);
  const target = targetSql(gift);
  if (from.length === 0 || !target) return null;
  return db
    .update(gifts)
    .set({
      ...move.set,
      state: move.to,
      stateChangedAt: move.at,
    })
    .where(and(target, inArray(gifts.state, from), move.where));
}
