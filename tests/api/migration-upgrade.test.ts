// A database made by an older set of migrations upgrades cleanly to today's: tests/fixtures/migrations-at-0013 is
// the migrations folder as it stood at 0013 (with its journal as it was then, 0011 listed before 0010). A database
// migrated by it, holding a gift, takes every newer migration, ends with the same columns, indexes and constraints
// as a database migrated from scratch, and keeps its rows.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/server/db/client.js';
import { ENGINES, createEmptyPostgresDatabase, type Engine } from '../helpers/databases.js';

const OLD_MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/migrations-at-0013');
const journalLength = (folder: string) =>
  (JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Columns, indexes and constraints of the public schema, one line each, sorted. */
async function shapeOf(database: Database): Promise<string[]> {
  const columns = await rows<{ line: string }>(
    database,
    sql`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
          from information_schema.columns where table_schema = 'public'`,
  );
  const indexes = await rows<{ line: string }>(
    database,
    sql`select indexdef as line from pg_indexes where schemaname = 'public'`,
  );
  const constraints = await rows<{ line: string }>(
    database,
    sql`select conname || ' ' || pg_get_constraintdef(oid) as line from pg_constraint where connamespace = 'public'::regnamespace`,
  );
  return [...columns, ...indexes, ...constraints].map((r) => r.line).sort();
}

/** An empty, unmigrated database of the engine, and how to get rid of it. */
async function emptyDatabase(engine: Engine): Promise<{ database: Database; destroy(): Promise<void> }> {
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

describe.each(ENGINES)('upgrading a database migrated to 0013 [%s]', (engine) => {
  it('applies every newer migration, keeps the rows and ends as a fresh database does', async () => {
    const old = await emptyDatabase(engine);
    const fresh = await emptyDatabase(engine);
    try {
      await old.database.migrate(OLD_MIGRATIONS);
      // A gift as the 0013 schema stores one, written in that schema's own columns.
      await old.database.db.execute(sql`
        insert into gifts (public_id, status, amount_cents, fee_cents, tip_cents, total_cents, created_at, paid_at,
                           expires_at, recipient_first_name, recipient_email)
        values ('g_upgrade', 'paid', 5000, 280, 100, 5380, now(), now(), now() + interval '30 days', 'Ada',
                'ada@example.org')`);

      await old.database.migrate();
      await fresh.database.migrate();

      const applied = await rows<{ n: number }>(
        old.database,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]!.n).toBe(journalLength(MIGRATIONS_DIR));
      expect(await shapeOf(old.database)).toEqual(await shapeOf(fresh.database));
      const kept = await rows<{ amount_cents: number }>(
        old.database,
        sql`select amount_cents from gifts where public_id = 'g_upgrade'`,
      );
      expect(kept).toEqual([{ amount_cents: 5000 }]);
    } finally {
      await old.destroy();
      await fresh.destroy();
    }
  });
});
