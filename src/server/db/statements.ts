// Hot statements written once as SQL text and run by name, below drizzle: nothing is built per call, and on
// PostgreSQL each is a named prepared statement (parsed and planned once per connection). Unlike drizzle's
// .prepare() (db/prepared.ts), which runs on the pool, they also run inside a transaction on the transaction's own
// connection (inTransaction): a rate limit over several windows locks, counts and records in one transaction.
// Results carry no driver-specific types: write counts as ::int and instants as epoch milliseconds (::float8).
import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { DbOrTx } from './client.js';

export interface Statement {
  /** Unique in the process (PostgreSQL's prepared statement name). */
  readonly name: string;
  /** Parameters as $1, $2…, each cast (::text, ::timestamptz) so both engines type them alike. */
  readonly text: string;
}

export const statement = (name: string, text: string): Statement => ({ name, text });

export type Run = <Row>(statement: Statement, values: unknown[]) => Promise<Row[]>;

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
const onPg =
  (client: Queryable): Run =>
  async <Row>(s: Statement, values: unknown[]) =>
    (await client.query({ name: s.name, text: s.text, values })).rows as Row[];
const onPglite =
  (client: PGlite | PGliteTransaction): Run =>
  async <Row>(s: Statement, values: unknown[]) =>
    (await client.query<Row>(s.text, values)).rows;

/** In a drizzle transaction the statement is run through it (unprepared): a caller's transaction, not a hot path. */
const onDrizzleTransaction =
  (tx: DbOrTx): Run =>
  async <Row>(s: Statement, values: unknown[]) => {
    const parts = s.text.split(/\$(\d+)/);
    const query: SQL = sql.join(parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part))));
    return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
  };

/** Whether `db` is a caller's drizzle transaction (statements then run through it). */
export const isTransaction = (db: DbOrTx): boolean => db instanceof PgTransaction;

/** The database's own client: a node-postgres pool or PGlite. */
export function clientOf(db: DbOrTx): pg.Pool | PGlite {
  return (db as unknown as { $client: pg.Pool | PGlite }).$client;
}

/** Runs each statement on its own (outside a transaction, or in the caller's drizzle transaction). */
export function runOn(db: DbOrTx): Run {
  if (isTransaction(db)) return onDrizzleTransaction(db);
  const client = clientOf(db);
  return client instanceof PGlite ? onPglite(client) : onPg(client);
}

/**
 * Runs work in one transaction on one connection, committed when it returns and rolled back when it throws. Given a
 * drizzle transaction, the work runs in it (and commits with it).
 */
export async function inTransaction<T>(db: DbOrTx, work: (run: Run) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return work(onDrizzleTransaction(db));
  const client = clientOf(db);
  if (client instanceof PGlite) return client.transaction((tx) => work(onPglite(tx)));
  const conn = await client.connect();
  let broken: Error | undefined;
  try {
    await conn.query('begin');
    const result = await work(onPg(conn));
    await conn.query('commit');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped, not returned to the pool.
    await conn.query('rollback').catch((e: Error) => (broken = e));
    throw error;
  } finally {
    conn.release(broken);
  }
}
