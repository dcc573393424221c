// The one way a gift changes state (decision 019): a single conditional UPDATE that moves the gift only from a
// state the table allows (states.ts), so two racing moves cannot both happen and a forbidden one changes nothing.
import { and, eq, inArray, is, SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { PgUpdateSetSource, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import { gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
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
 * Moves the gift(s) to `move.to` if each is in a state allowed to go there and meets `move.where`: one UPDATE.
 * Answers the moved rows as they are after the move; none when no gift could move.
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
  const update = moveQuery(db, gift, move);
  if (!update) return [];
  return columns ? update.returning(columns) : update.returning();
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
