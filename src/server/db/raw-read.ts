// The hottest read (the claim lookup) runs its prepared statement on the driver itself: drizzle builds its SQL once,
// and each call sends the named statement and turns the driver's row arrays into objects by the selection's keys.
// Through drizzle's execute every call also filled placeholders through its session and decoded each value through
// its column mappers, ≈ 3 % of a claim lookup's CPU (docs/benchmarks.md). The driver's own type parsers give the
// same values for the types such a read selects (text, integers, timestamps as Date); tests/api/raw-read.test.ts
// holds it to drizzle's answer on both engines.
import { Placeholder } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.js';
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

/** What pg's Query keeps of a result, as the override below sets it (pg's own fields, not in its types). */
interface QueryInternals {
  _result: { fields: unknown; _parsers: unknown };
  _accumulateRows: boolean;
  _checkForMultirow(): void;
}

/**
 * Runs the named statement on the pool with rows as arrays, through pg's Query with one step changed: on each row
 * description pg also builds the empty object it copies for object rows (`Object.create(null)`, a key per column,
 * then a spread), which cost map transitions in V8's runtime on every lookup, about 1 % of a claim lookup's CPU
 * (docs/benchmarks.md, "Session 17"). Rows as arrays need only the columns' parsers: the statement's columns never
 * change, so they are looked up once. tests/api/raw-read.test.ts holds the rows to drizzle's answer.
 */
function arrayRowsRunner(pool: pg.Pool, name: string, text: string) {
  let parsers: unknown[] | undefined;
  class ArrayRowsQuery extends pg.Query {
    // pg's Query.handleRowDescription (not in its types)
    handleRowDescription(message: { fields: pg.FieldDef[] }): void {
      const query = this as unknown as QueryInternals;
      query._checkForMultirow();
      query._result.fields = message.fields;
      query._result._parsers = parsers ??= message.fields.map((field) =>
        pg.types.getTypeParser(field.dataTypeID, field.format === 'binary' ? 'binary' : 'text'),
      );
      query._accumulateRows = true; // a callback always takes the rows
    }
  }
  return (values: unknown[]) =>
    pool.query(new ArrayRowsQuery({ name, text, values, rowMode: 'array' } as pg.QueryConfig)) as unknown as Promise<
      pg.QueryResult<unknown[]>
    >;
}
