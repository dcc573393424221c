// Test databases: PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set.
// Every call gives a fresh, migrated database so test files never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.js';

export type Engine = 'pglite' | 'postgres';

export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Connection string of the fresh PostgreSQL database (postgres engine only). */
  url?: string;
  /** Closes and, for PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `hg_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 20 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await c.end();
    },
  };
}
