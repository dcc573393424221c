// Test databases: PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set.
// Every call gives a fresh, migrated database so test files never see each other's rows. A PostgreSQL test
// database is dropped when its file ends, and its name carries this host and the creating process
// (hg_t_<host>_<pid>_<time>_<random>), so one left by a crashed run is dropped at the next run's start: any
// hg_t_ database of this host whose process is gone.
// Closing a test database first checks its ledger (tests/helpers/ledger-check.ts) and fails on any violation, so
// every test file that closes its databases proves it left the books balanced; a database a file leaves open is
// checked and closed by tests/helpers/close-databases.ts after the file.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { DEFAULT_LEDGER_CHECK, ledgerViolations, type LedgerCheckOptions } from './ledger-check.js';

export type Engine = 'pglite' | 'postgres';

export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Connection string of the fresh PostgreSQL database (postgres engine only). */
  url?: string;
  /** Checks the ledger, closes and, for PostgreSQL, drops the database; then throws on any ledger violation. */
  destroy(): Promise<void>;
  /** Checks the ledger, then closes; throws (after closing) on any ledger violation. */
  close(): Promise<void>;
  /** Sets the clock and attention delay the closing check reads (the app's). */
  checkLedgerWith(options: LedgerCheckOptions): void;
}

/** Databases created and not yet closed, checked and closed after each test file by close-databases.ts. */
export const openTestDatabases = new Set<TestDatabase>();

class LedgerViolationError extends Error {
  constructor(readonly violations: string[]) {
    super(`the test left the ledger broken:\n  ${violations.join('\n  ')}`);
  }
}

/** Wraps a database so closing it checks the ledger first (once, even when closed twice). */
function checkedOnClose(database: Database, extras: { url?: string; drop?: () => Promise<void> }): TestDatabase {
  let options = DEFAULT_LEDGER_CHECK;
  let closing: Promise<string[]> | undefined;
  let dropping: Promise<void> | undefined;
  const checkAndClose = async () => {
    openTestDatabases.delete(test);
    try {
      return await ledgerViolations(database.db, options);
    } finally {
      await database.close();
    }
  };
  const shut = async (drop: boolean) => {
    try {
      const violations = await (closing ??= checkAndClose());
      if (violations.length > 0) throw new LedgerViolationError(violations);
    } finally {
      if (drop && extras.drop) await (dropping ??= extras.drop());
    }
  };
  const test: TestDatabase = {
    ...database,
    ...(extras.url ? { url: extras.url } : {}),
    close: () => shut(false),
    destroy: () => shut(true),
    checkLedgerWith(next) {
      options = next;
    },
  };
  openTestDatabases.add(test);
  return test;
}

const HOST = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6);
const LEGACY_MAX_AGE_MS = 6 * 60 * 60 * 1000;
let swept: Promise<string[]> | undefined;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether an hg_t_ database was left behind by a run that ended without dropping it. */
export function isLeftover(name: string, now = Date.now(), alive = processAlive): boolean {
  const current = /^hg_t_([0-9a-f]{6})_(\d+)_[0-9a-z]+_[0-9a-f]+$/.exec(name);
  if (current) return current[1] === HOST && !alive(Number(current[2]));
  // The older hg_t_<time>_<random> names carried no process: dropped once surely no test file still runs.
  const legacy = /^hg_t_([0-9a-z]+)_[0-9a-f]{8}$/.exec(name);
  return Boolean(legacy) && now - parseInt(legacy![1]!, 36) > LEGACY_MAX_AGE_MS;
}

/** Drops this host's hg_t_ databases whose creating process is gone; answers their names. */
async function dropLeftovers(admin: pg.Client): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'hg\\_t\\_%'`,
  );
  const leftovers = rows.map((r) => r.datname).filter((name) => isLeftover(name));
  for (const name of leftovers) {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(async (error: unknown) => {
      // Another test process sweeping at the same moment may have dropped it first; anything else is a failure.
      const left = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (left.rowCount) throw error;
    });
  }
  return leftovers;
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return checkedOnClose(database, {});
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url, poolMax: 20 });
  await database.migrate();
  return checkedOnClose(database, { url: empty.url, drop: empty.drop });
}

/**
 * The database a server process of a browser or process test runs on (its PGlite directory, or a PostgreSQL
 * database made by createTestDatabase), opened and migrated here to make its gifts through the product before
 * the server starts (tests/e2e/helpers/before-start.ts). Closing checks its ledger; nothing is dropped.
 */
export async function openTestDatabaseAt(
  where: { pgliteDir: string } | { databaseUrl: string },
): Promise<TestDatabase> {
  const database = await openDatabase('pgliteDir' in where ? where : { ...where, poolMax: 5 });
  await database.migrate();
  return checkedOnClose(database, {});
}

/** A new, empty (unmigrated) PostgreSQL database on TEST_DATABASE_URL's server, named for the leftover sweep. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hg_t_${HOST}_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    swept ??= dropLeftovers(admin);
    await swept;
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // A failed drop is not the test's failure: the next run's sweep removes the database.
      await c.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await c.end();
    },
  };
}
