// A restore from an older backup, played inside one database: every table of the app is copied (rows and
// sequence positions) and later put back as it was, while the sandbox's own tables — the provider's side, which
// no restore of ours touches — keep everything that happened since.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';

export interface DatabaseSnapshot {
  tables: Map<string, unknown[]>;
  sequences: Array<{ name: string; value: number | null }>;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function appTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
      order by table_name`),
  );
  return rows.map((r) => r.name).filter((name) => !name.startsWith('sandbox_'));
}

export async function takeSnapshot(db: Db): Promise<DatabaseSnapshot> {
  const tables = new Map<string, unknown[]>();
  for (const name of await appTables(db)) {
    const rows = rowsOf<{ row: unknown }>(
      await db.execute(sql`select to_jsonb(t) as row from ${sql.identifier(name)} t`),
    );
    tables.set(
      name,
      rows.map((r) => r.row),
    );
  }
  const sequences = rowsOf<{ name: string; value: string | number | null }>(
    await db.execute(
      sql`select sequencename as name, last_value as value from pg_sequences where schemaname = 'public'`,
    ),
  ).map((s) => ({ name: s.name, value: s.value === null ? null : Number(s.value) }));
  return { tables, sequences };
}

/** Puts every app table back as the snapshot had it (triggers and foreign keys off while it does). */
export async function restoreSnapshot(db: Db, snapshot: DatabaseSnapshot): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const [name, rows] of snapshot.tables) {
      const table = sql.identifier(name);
      await tx.execute(sql`delete from ${table}`);
      if (rows.length === 0) continue;
      // Generated columns (gifts.status, computed from the state) are written by the database, never given.
      const columns = rowsOf<{ name: string }>(
        await tx.execute(
          sql`select column_name as name from information_schema.columns
              where table_schema = 'public' and table_name = ${name} and is_generated = 'NEVER'
              order by ordinal_position`,
        ),
      ).map((c) => sql.identifier(c.name));
      const list = sql.join(columns, sql`, `);
      await tx.execute(
        sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`,
      );
    }
    for (const { name, value } of snapshot.sequences) {
      if (value !== null && !name.startsWith('sandbox_')) await tx.execute(sql`select setval(${name}, ${value})`);
    }
  });
}
