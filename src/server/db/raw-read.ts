// The hottest read (the claim lookup) runs its prepared statement on the driver itself: drizzle builds its SQL once,
// and each call sends the named statement and turns the driver's row arrays into objects by the selection's keys.
// Through drizzle's execute every call also filled placeholders through its session and decoded each value through
// its column mappers, ≈ 3 % of a claim lookup's CPU (docs/benchmarks.md). The driver's own type parsers give the
// same values for the types such a read selects (text, integers, timestamps as Date); tests/api/raw-read.test.ts
// holds it to drizzle's answer on both engines.
import { Placeholder } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './client.js';
import { arrayRowsRunner } from './array-rows-query.js';
import { preparedPerDb } from './prepared.js';
import { clientOf } from './statements.js';

interface BuiltRead {
  toSQL(): { sql: string; params: unknown[] };
  execute(): Promise<unknown[]>;
}

type Rows<Query extends BuiltRead> = Awaited<ReturnType<Query['execute']>>;

/**
 * A read selected as `db.select(selection)…` (not prepared), run as the named statement `name` with values for its
 * sql.placeholder()s. `keys` are the selection's keys in its order: the columns come back in that order.
 */
export function rawReadPerDb<Query extends BuiltRead>(
  name: string,
  keys: readonly string[],
  build: (db: Db) => Query,
): (db: Db) => (values: Record<string, unknown>) => Promise<Rows<Query>> {
  return preparedPerDb((db) => {
    const { sql: text, params } = build(db).toSQL();
    const client = clientOf(db);
    // As db/statements.ts tells them apart: PGlite by its class, anything else is node-postgres.
    const run =
      client instanceof PGlite
        ? (values: unknown[]) => client.query<unknown[]>(text, values, { rowMode: 'array' })
        : arrayRowsRunner(client as unknown as pg.Pool, name, text);
    const toRow = rowMaker(keys);
    return async (values): Promise<Rows<Query>> => {
      const { rows } = await run(params.map((p) => (p instanceof Placeholder ? values[p.name] : p)));
      return rows.map(toRow) as Rows<Query>;
    };
  });
}

/**
 * Makes a driver row (its values in the selection's order) into the selection's object, as one object literal
 * compiled once per statement: every row gets its shape in one step. Filled key by key, each row went through a map
 * transition per key, each a megamorphic keyed store (≈ 1.5k of a claim lookup's ≈ 300k instructions,
 * docs/benchmarks.md, "Session 17").
 */
function rowMaker(keys: readonly string[]): (row: unknown[]) => Record<string, unknown> {
  // The keys are the selection's own, and written as JSON strings: nothing from outside reaches this source.
  const fields = keys.map((key, i) => `${JSON.stringify(key)}: row[${i}]`).join(', ');
  return new Function('row', `return { ${fields} };`) as (row: unknown[]) => Record<string, unknown>;
}
