// A named statement run on the node-postgres pool with rows as arrays, for the hottest read (db/raw-read.ts). The
// benches' bare claim server runs its lookup through it too (bench/lib/bare-claim-server.mjs), so the comparison
// never turns on it. Nothing but pg is imported here: a bare baseline loads this file alone.
import pg from 'pg';

/** What pg's Query keeps of a result, as the override below sets it (pg's own fields, not in its types). */
interface QueryInternals {
  name: string;
  _rowMode: string;
  _result: { fields: unknown; _parsers: unknown };
  _results: unknown;
  _accumulateRows: boolean;
  _checkForMultirow(): void;
}

/** pg's Result (exported by pg, not in its types): made for rows as arrays when given 'array'. */
const { Result } = pg as unknown as { Result: new (rowMode: string, types: unknown) => QueryInternals['_result'] };

/**
 * Runs the named statement on the pool with rows as arrays, through pg's Query with one step changed. On each row
 * description pg also builds the empty object it copies for object rows (`Object.create(null)`, a key per column,
 * then a spread), and pg's own promise per query. V8 makes those properties one by one in its runtime, each a
 * search of the transitions from the empty object's map, and a large app has many. Valgrind's count of a claim
 * lookup fell from 300k to 263k instructions in the app; a bare server gains 17k the same way (docs/benchmarks.md,
 * "Session 17"). Rows as arrays need only the columns' parsers, and a statement's columns never change, so they are
 * looked up once. This overrides a method pg's types do not declare; tests/api/raw-read.test.ts holds the rows to
 * drizzle's answer, so a pg upgrade that changes it fails there.
 */
export function arrayRowsRunner(pool: pg.Pool, name: string, text: string) {
  let parsers: unknown[] | undefined;
  class ArrayRowsQuery extends pg.Query {
    // The text and values go in as arguments, not as a config object: pg copies a config object through
    // Object.getOwnPropertyDescriptors and Object.defineProperties, ≈ 24k instructions of a claim lookup
    // (docs/benchmarks.md, "Session 18"); from a string it makes a plain object. The rest is set as pg's constructor
    // sets it from a config.
    constructor(values: unknown[]) {
      super(text, values);
      const query = this as unknown as QueryInternals;
      query.name = name;
      query._rowMode = 'array';
      query._result = query._results = new Result('array', undefined);
    }

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
  return (values: unknown[]) => pool.query(new ArrayRowsQuery(values)) as unknown as Promise<pg.QueryResult<unknown[]>>;
}
