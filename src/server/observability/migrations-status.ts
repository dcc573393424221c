// Are the database's migrations those this code was built with? Drizzle's migrator records each applied migration
// in drizzle.__drizzle_migrations with its journal entry's `when`, and applies every journal entry newer than the
// newest row: the same rule says here what it would still apply.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export interface MigrationsStatus {
  /** No journal entry is waiting to be applied. */
  current: boolean;
  applied: number;
  expected: number;
  /** Tags of the journal entries the database has not applied. */
  pending: string[];
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The journal of the migrations folder, read once: it cannot change under a running process. */
export function readJournal(migrationsDir: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export async function migrationsStatus(db: Db, journal: JournalEntry[]): Promise<MigrationsStatus> {
  const rows = await db.execute(
    sql`select count(*)::int as applied, coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
  );
  const [row] = (rows as unknown as { rows: Array<{ applied: number; newest: string }> }).rows;
  const newest = Number(row?.newest ?? 0);
  const pending = journal.filter((entry) => entry.when > newest).map((entry) => entry.tag);
  return { current: pending.length === 0, applied: Number(row?.applied ?? 0), expected: journal.length, pending };
}
