// The scheduled jobs' own database pool (decision 038). On PostgreSQL, with every connection of the requests' pool
// held in an open transaction, each job still runs to its end, and a request's statement waits for the requests'
// pool, not for a job. On PGlite, one embedded engine with one connection, the jobs share the app's dependencies.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDeps, createJobDeps } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import type { AppDeps } from '../../src/server/deps.js';
import { scheduledJobs } from '../../src/server/jobs/index.js';
import { createEmptyPostgresDatabase } from '../helpers/databases.js';
import { describePostgres } from '../helpers/postgres-only.js';

const POOL = 2;
// A job that waited for a held request connection would wait until the gate opens: it fails the test instead.
const JOB_SECONDS = 15;

async function withinSeconds<T>(seconds: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} for ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database session a pool or a transaction runs on. */
const backendPid = async (db: Pick<AppDeps['db'], 'execute'>) =>
  ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> }).rows[0]!.pid;

describe('the scheduled jobs on PGlite', () => {
  let dataDir: string;
  let deps: AppDeps | undefined;
  afterAll(async () => {
    await deps?.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('share the app’s dependencies: a second engine on the same directory is never opened', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-jobs-pglite-'));
    deps = await createDeps(loadConfig({ DATA_DIR: dataDir }));
    expect(await createJobDeps(deps)).toBe(deps);
  });
});

describePostgres('the scheduled jobs’ own database pool', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let dataDir: string;
  let deps: AppDeps | undefined;
  let jobDeps: AppDeps | undefined;
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-jobs-pool-'));
    deps = await createDeps(
      loadConfig({ DATABASE_URL: database.url, DATABASE_POOL_MAX: String(POOL), DATA_DIR: dataDir }),
    );
    jobDeps = await createJobDeps(deps);
  });
  afterAll(async () => {
    await jobDeps?.database.close();
    await deps?.database.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'runs every job to its end while every request connection is held in an open transaction',
    { timeout: 60_000 },
    async () => {
      const app = deps!;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const holders = new Set<number>();
      const held = Array.from({ length: POOL }, () =>
        app.db.transaction(async (tx) => {
          holders.add(await backendPid(tx));
          await gate;
        }),
      );
      let requestAnswered = false;
      let request: Promise<void> | undefined;
      try {
        await vi.waitFor(() => expect(holders.size).toBe(POOL));
        // The requests' pool is exhausted: a request's statement waits for one of the held connections.
        request = app.db.execute(sql`select 1`).then(() => {
          requestAnswered = true;
        });
        const jobs = scheduledJobs(jobDeps!);
        expect(jobs.map((j) => j.name)).toContain('outbox');
        for (const job of jobs)
          await withinSeconds(JOB_SECONDS, job.run(), `the ${job.name} job waited for a connection`);
        expect(holders.has(await backendPid(jobDeps!.db))).toBe(false);
        expect(requestAnswered).toBe(false);
      } finally {
        release();
        await Promise.all(held);
        await request;
      }
      expect(requestAnswered).toBe(true);
    },
  );
});
