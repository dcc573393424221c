// Opens the database: embedded PGlite by default, a node-postgres pool when DATABASE_URL is set.
// Both speak the same SQL and run the same migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { poolOptions } from './pool-options.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Applies the committed migrations (or those of another folder: the upgrade test replays an older set first);
   * safe when several instances start at once.
   */
  migrate(migrationsFolder?: string): Promise<void>;
  ping(): Promise<boolean>;
  /** Connections in use for the metrics: a pool's counts; PGlite is one connection and reports only that. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle?: number;
  /** Queries waiting for a free connection. */
  waiting?: number;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any constant works; it only has to be the same for every instance.
const MIGRATION_LOCK_KEY = 727_001;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory (tests). */
  pgliteDir?: string;
  poolMax?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10);
  return openPglite(options.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      await migratePglite(db as never, { migrationsFolder });
    },
    ping: () => pingDb(db),
    poolStats: () => ({ max: 1, total: client.closed ? 0 : 1 }),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool(poolOptions(url, max));
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    engine: 'postgres',
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        conn.release();
      }
    },
    ping: () => pingDb(db),
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
