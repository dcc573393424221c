// Readiness (/api/ready) beside liveness (/api/health): the database, the applied migrations and the job runner's
// heartbeat, each able to make the instance not ready; and load shedding (503 with Retry-After) under pressure.
import { sql } from 'drizzle-orm';
import { testConfig } from '../../src/server/config.js';
import { startJobs, type RunningJobs } from '../../src/server/jobs/runner.js';
import { OVERLOADED_MESSAGE } from '../../src/server/observability/load-shedding.js';
import { ENGINES } from '../helpers/databases.js';
import { scrape } from '../helpers/metrics.js';
import { buildTestApp, describeEachEngine, type TestContext } from '../helpers/test-app.js';

const ready = (ctx: TestContext) => ctx.app.inject({ method: 'GET', url: '/api/ready' });
const quietLog = { error: () => {} };
const withObservability = (changes: Partial<ReturnType<typeof testConfig>['observability']>) => ({
  observability: { ...testConfig().observability, ...changes },
});

describeEachEngine('readiness', (ctx) => {
  it('is ready with the database up, every migration applied and the jobs run elsewhere', async () => {
    const res = await ready(ctx());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toEqual({ ok: true, engine: ctx().engine });
    expect(body.checks.migrations.ok).toBe(true);
    expect(body.checks.migrations.pending).toEqual([]);
    expect(body.checks.migrations.applied).toBe(body.checks.migrations.expected);
    // JOBS_ENABLED=false: another instance runs them, which is no reason to take this one out of service.
    expect(body.checks.jobs).toMatchObject({ ok: true, state: 'not_run_here' });
  });

  it('is not ready while a migration of this code is not applied', async () => {
    const { db } = ctx();
    const rows = await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const [removed] = (rows as unknown as { rows: Array<{ hash: string; created_at: string }> }).rows;
    try {
      const res = await ready(ctx());
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.status).toBe('not_ready');
      expect(body.checks.migrations.ok).toBe(false);
      expect(body.checks.migrations.pending).toHaveLength(1);
      expect(body.message).toContain(`migrations not applied: ${body.checks.migrations.pending[0]}`);
      expect(body.checks.database.ok).toBe(true);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed!.hash}, ${removed!.created_at})`,
      );
    }
    expect((await ready(ctx())).statusCode).toBe(200);
  });
});

describe.each(ENGINES)('readiness with the database down [%s]', (engine) => {
  // Built in a hook (their timeout is longer): a fresh app takes a while on a busy machine.
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 503 naming the database, while liveness says the same on its own', async () => {
    expect((await ready(ctx)).statusCode).toBe(200);
    await ctx.database.close();
    const res = await ready(ctx);
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.checks.database.ok).toBe(false);
    expect(body.checks.migrations).toMatchObject({ ok: false, applied: null });
    expect(body.message).toContain('the database does not answer');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
  });
});

describe('readiness of an instance that runs the jobs [pglite]', () => {
  let ctx: TestContext;
  let runner: RunningJobs | undefined;
  let release: () => void = () => {};
  beforeAll(async () => {
    ctx = await buildTestApp('pglite', {
      config: { jobsEnabled: true, ...withObservability({ jobsStalledAfterMs: 2000 }) },
    });
  });
  afterAll(async () => {
    release();
    await runner?.stop();
    await ctx.close();
  });

  it('is not ready before its runner starts, ready while jobs run on time, not ready once one hangs', async () => {
    let res = await ready(ctx);
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.jobs).toMatchObject({ ok: false, state: 'not_started' });

    const hung = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    runner = startJobs(
      [{ name: 'expiry', intervalMs: 50, run: () => (started++, hung) }],
      quietLog,
      ctx.app.observability.jobs,
    );
    await vi.waitFor(() => expect(started).toBe(1), { timeout: 5000 });
    res = await ready(ctx);
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.jobs).toMatchObject({ ok: true, state: 'running', stalled: [] });

    // The expiry run never ends: once it outlasts its interval by the stall limit (2 s here), the runner is stuck.
    await vi.waitFor(async () => expect((res = await ready(ctx)).statusCode).toBe(503), { timeout: 10_000 });
    expect(res.json().checks.jobs).toMatchObject({ ok: false, state: 'stalled', stalled: ['expiry'] });
    expect(res.json().message).toContain('jobs stalled: expiry');
    expect(await scrape(ctx, 'hushgift_job_lag_seconds', { job: 'expiry' })).toBeGreaterThan(2);

    release();
    await vi.waitFor(async () => expect((await ready(ctx)).statusCode).toBe(200), { timeout: 5000 });
  });
});

const pressure = (changes: Partial<ReturnType<typeof testConfig>['observability']['pressure']>) =>
  withObservability({
    pressure: {
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: 0,
      maxRssBytes: 0,
      retryAfterSeconds: 10,
      ...changes,
    },
  });

describe('load shedding on the heap [pglite]', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp('pglite', { config: pressure({ maxHeapUsedBytes: 1024, retryAfterSeconds: 7 }) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 503 with Retry-After once the heap passes its limit, but liveness still answers', async () => {
    // under-pressure samples the heap once a second; until then nothing is known to be over the limit.
    await vi.waitFor(async () => expect((await ready(ctx)).statusCode).toBe(503), { timeout: 5000 });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/gifts/claim/whatever' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: OVERLOADED_MESSAGE });
    // Shed by the app's one onRequest hook, which sets the security headers first: a shed answer carries them too.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await scrape(ctx, 'hushgift_http_requests_shed_total', { reason: 'heapUsedBytes' })).toBeGreaterThanOrEqual(
      2,
    );
  });
});

describe('load shedding on event-loop lag [pglite]', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp('pglite', { config: pressure({ maxEventLoopDelayMs: 20, retryAfterSeconds: 3 }) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 503 once the event loop lags past its limit', async () => {
    // Block the loop for 300 ms at a time until a sample sees the lag.
    await vi.waitFor(
      async () => {
        const until = Date.now() + 300;
        while (Date.now() < until) {
          /* busy: the loop cannot turn */
        }
        const res = await ctx.app.inject({ method: 'GET', url: '/api/gifts/claim/whatever' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('3');
      },
      { timeout: 8000, interval: 50 },
    );
    expect(await scrape(ctx, 'hushgift_http_requests_shed_total', { reason: 'eventLoopDelay' })).toBeGreaterThanOrEqual(
      1,
    );
  });
});
