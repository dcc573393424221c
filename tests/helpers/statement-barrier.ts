// A barrier for forcing races on PostgreSQL: a separate connection holds a SHARE lock on a table, so every
// statement that writes it queues (readers pass). The test waits until the expected number of connections wait
// for that lock (pg_locks), then releases them together. The contenders are then proven to have been in flight at
// the same moment, at their first write to the table, instead of hoping that two promises happened to overlap.
import pg from 'pg';

export interface StatementBarrier {
  /** Waits until `count` other connections of this database wait for the held lock. */
  waitForWaiting(count: number, timeoutMs?: number): Promise<void>;
  /**
   * Waits until `count` other connections wait for any lock: the held one, or one that a connection queued behind
   * it still holds (an advisory lock taken before its write).
   */
  waitForBlocked(count: number, timeoutMs?: number): Promise<void>;
  /** Lets every queued statement go at once. */
  release(): Promise<void>;
}

/**
 * `rowLocks`: also hold statements that lock the table's rows (SELECT … FOR UPDATE), for contenders whose first
 * deciding statement is such a lock (an EXCLUSIVE lock: only plain reads pass).
 */
export async function holdWrites(
  databaseUrl: string,
  table: string,
  { rowLocks = false }: { rowLocks?: boolean } = {},
): Promise<StatementBarrier> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table "${table}" in ${rowLocks ? 'exclusive' : 'share'} mode`);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await client.query('commit');
    await client.end();
  };
  const waitFor = async (count: number, timeoutMs = 30_000, text: string, values: unknown[], what: string) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ waiting: number }>(text, values);
      const waiting = rows[0]!.waiting;
      if (waiting === count) return;
      if (waiting > count || Date.now() > deadline) {
        await release();
        throw new Error(`expected ${count} ${what}, saw ${waiting}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    waitForWaiting: (count, timeoutMs) =>
      waitFor(
        count,
        timeoutMs,
        `select count(distinct pid)::int as waiting from pg_locks
          where locktype = 'relation' and relation = $1::regclass and not granted and pid <> pg_backend_pid()`,
        [table],
        `statements waiting to write ${table}`,
      ),
    waitForBlocked: (count, timeoutMs) =>
      waitFor(
        count,
        timeoutMs,
        `select count(distinct l.pid)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database() and l.pid <> pg_backend_pid()`,
        [],
        'connections waiting for a lock',
      ),
    release,
  };
}

/**
 * Waits until some statement of this database waits on a lock, or until `done` settles first. Answers which came
 * first: a test that must prove one statement waits for another's transaction uses this instead of a sleep.
 */
export async function firstLockWaitOrDone(
  databaseUrl: string,
  done: Promise<unknown>,
  timeoutMs = 30_000,
): Promise<'waiting' | 'done'> {
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n > 0) return 'waiting';
      if (settled) return 'done';
      if (Date.now() > deadline) throw new Error('no statement waited on a lock, and the other side never finished');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await client.end();
  }
}

/** Waits until `count` statements of this database wait on a lock, or until `done` settles first. */
export async function lockWaitsOrDone(databaseUrl: string, count: number, done: Promise<unknown>, timeoutMs = 30_000) {
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= count || settled) return;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} statements waited on a lock`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await client.end();
  }
}
