// Databases at an older schema, for the tests of data migrations: tests/fixtures/migrations-at-0013 is the
// migrations folder as it stood at 0013 (with its journal as it was then). A test migrates an empty database up to
// one of its migrations, writes rows in that schema's own columns, then runs the newer migrations over them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { createEmptyPostgresDatabase, type Engine } from './databases.js';

export const MIGRATIONS_AT_0013 = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/migrations-at-0013',
);

/** An empty, unmigrated database of the engine, and how to get rid of it. */
export async function emptyDatabase(engine: Engine): Promise<{ database: Database; destroy(): Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({});
    return { database, destroy: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url, poolMax: 2 });
  return {
    database,
    async destroy() {
      await database.close();
      await empty.drop();
    },
  };
}

/** Applies the 0013 folder's migrations up to and including `lastTag` (e.g. '0003_job_indexes'). */
export async function migrateUpTo(database: Database, lastTag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_AT_0013, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag} in ${MIGRATIONS_AT_0013}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'hg-migrations-'));
  try {
    const entries = journal.entries.slice(0, last + 1);
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries) cpSync(path.join(MIGRATIONS_AT_0013, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    await database.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The rows of a raw query. */
export async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
