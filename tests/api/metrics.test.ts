// Metrics (prom-client) on their own listener, never on the public port: requests by route template (never the
// raw URL nor a token), job runs and failures, the outbox, the attention list, held gifts, ledger invariant
// violations and the database pool, each shown moving.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { testConfig } from '../../src/server/config.js';
import { giftClaimAttempts, gifts } from '../../src/server/db/schema.js';
import { startJobs } from '../../src/server/jobs/runner.js';
import { scheduledJobs } from '../../src/server/jobs/index.js';
import { queueEmail } from '../../src/server/email/outbox.js';
import { buildMetricsServer, startMetricsServer } from '../../src/server/observability/metrics-server.js';
import { FROZEN_REASON } from '../../src/server/services/claims/claim.js';
import { raiseAttention, resolveAttention } from '../../src/server/services/attention/items.js';
import { scrape, scrapeText, seriesValue } from '../helpers/metrics.js';
import { checkLedger, paySandboxGift } from '../helpers/money.js';
import { buildTestApp, describeEachEngine, type TestContext } from '../helpers/test-app.js';

// Every scrape reads the database afresh, so a test sees the change it just made.
const fresh = { observability: { ...testConfig().observability, gaugesMaxAgeMs: 0, ledgerCheckMaxAgeMs: 0 } };

describeEachEngine(
  'metrics',
  (ctx) => {
    it('are not served on the public port', async () => {
      for (const url of ['/metrics', '/api/metrics'])
        expect((await ctx().app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });

    it('count a request under its route template, never its URL or token', async () => {
      const { claimToken } = await paySandboxGift(ctx());
      const labels = { method: 'GET', route: '/api/gifts/claim/:token', status_code: '200' };
      const before = (await scrape(ctx(), 'hushgift_http_requests_total', labels)) ?? 0;
      const res = await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${claimToken}` });
      expect(res.statusCode).toBe(200);
      const text = await scrapeText(ctx());
      expect(seriesValue(text, 'hushgift_http_requests_total', labels)).toBe(before + 1);
      expect(
        seriesValue(text, 'hushgift_http_request_duration_seconds_count', { route: '/api/gifts/claim/:token' }),
      ).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(claimToken);
      // An unknown path is counted under one label, so arbitrary URLs never become series.
      const unmatched = { route: 'unmatched', status_code: '404' };
      const missed = seriesValue(text, 'hushgift_http_requests_total', unmatched) ?? 0;
      await ctx().app.inject({ method: 'GET', url: '/api/no-such-thing-4711' });
      const after = await scrapeText(ctx());
      expect(seriesValue(after, 'hushgift_http_requests_total', unmatched)).toBe(missed + 1);
      expect(after).not.toContain('no-such-thing-4711');
    });

    it('count job runs and failures per job, through the runner', async () => {
      let calls = 0;
      const runner = startJobs(
        [
          { name: 'delivery', intervalMs: 5, run: async () => void calls++ },
          {
            name: 'retention',
            intervalMs: 5,
            run: async () => {
              throw new Error('boom');
            },
          },
        ],
        { error: () => {} },
        ctx().app.observability.jobs,
      );
      try {
        await vi.waitFor(
          async () => {
            const text = await scrapeText(ctx());
            expect(seriesValue(text, 'hushgift_job_runs_total', { job: 'delivery' })).toBeGreaterThanOrEqual(2);
            expect(seriesValue(text, 'hushgift_job_failures_total', { job: 'retention' })).toBeGreaterThanOrEqual(2);
          },
          { timeout: 10_000 },
        );
      } finally {
        await runner.stop();
      }
      const text = await scrapeText(ctx());
      expect(seriesValue(text, 'hushgift_job_failures_total', { job: 'delivery' })).toBe(0);
      expect(seriesValue(text, 'hushgift_job_runs_total', { job: 'delivery' })).toBe(calls);
      expect(seriesValue(text, 'hushgift_job_last_success_timestamp_seconds', { job: 'delivery' })).toBeGreaterThan(0);
      expect(seriesValue(text, 'hushgift_job_last_success_timestamp_seconds', { job: 'retention' })).toBeUndefined();
      expect(seriesValue(text, 'hushgift_job_lag_seconds', { job: 'delivery' })).toBeGreaterThanOrEqual(0);
    });

    it('show the outbox depth and its oldest message, which delivery empties', async () => {
      await ctx().flushEmails();
      expect(await scrape(ctx(), 'hushgift_outbox_pending_messages')).toBe(0);
      const sent = await ctx().app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.7.7.7',
        payload: {
          name: 'Pat Example',
          email: 'metrics@example.com',
          category: 'gift-problem',
          subject: 'My gift link',
          message: 'The link in my e-mail says the gift has expired.',
        },
      });
      expect(sent.statusCode).toBe(201);
      ctx().clock.advance(90_000);
      const text = await scrapeText(ctx());
      expect(seriesValue(text, 'hushgift_outbox_pending_messages')).toBe(1);
      expect(seriesValue(text, 'hushgift_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(90);
      await ctx().flushEmails();
      expect(await scrape(ctx(), 'hushgift_outbox_pending_messages')).toBe(0);
      expect(await scrape(ctx(), 'hushgift_outbox_oldest_pending_age_seconds')).toBe(0);
    });

    it('count each e-mail the outbox stops trying, through the scheduled outbox job', async () => {
      const labels = { kind: 'contact', reason: 'bounced' };
      const before = (await scrape(ctx(), 'hushgift_outbox_undelivered_total', labels)) ?? 0;
      // The dev mailbox refuses @bounce.invalid for good, as an SMTP server answering 550 would.
      await queueEmail(ctx().db, ctx().clock, {
        kind: 'contact',
        to: 'nobody@bounce.invalid',
        subject: 'Refused',
        text: 'This address refuses everything.',
      });
      const outboxJob = scheduledJobs(ctx().deps, undefined, ctx().app.observability.metrics).find(
        (job) => job.name === 'outbox',
      )!;
      await outboxJob.run();
      expect(await scrape(ctx(), 'hushgift_outbox_undelivered_total', labels)).toBe(before + 1);
    });

    it('show gifts on the attention list and held gifts, and a ledger violation once the books break', async () => {
      expect(await scrape(ctx(), 'hushgift_ledger_invariant_violations')).toBe(0);
      const attentionBefore = (await scrape(ctx(), 'hushgift_attention_items_open')) ?? 0;
      const { gift } = await paySandboxGift(ctx());
      expect(await scrape(ctx(), 'hushgift_gifts_held', { reason: 'claim_frozen' })).toBe(0);
      // What the claim service writes on the 15th wrong answer (services/claims/claim.ts).
      await ctx().db.insert(giftClaimAttempts).values({ giftId: gift.id, claimFrozenAt: ctx().clock.now() });
      await raiseAttention(ctx().db, gift.id, 'claim_frozen', FROZEN_REASON, ctx().clock.now());
      let text = await scrapeText(ctx());
      expect(seriesValue(text, 'hushgift_gifts_held', { reason: 'claim_frozen' })).toBe(1);
      expect(seriesValue(text, 'hushgift_gifts_held', { reason: 'dispute_open' })).toBe(0);
      expect(seriesValue(text, 'hushgift_attention_items_open')).toBe(attentionBefore + 1);
      expect(seriesValue(text, 'hushgift_ledger_invariant_violations')).toBe(0);

      // Break the books: a paid gift whose money moved is set back to unpaid.
      await ctx().db.update(gifts).set({ state: 'pending' }).where(eq(gifts.id, gift.id));
      try {
        const broken = (await checkLedger(ctx())).violations.length;
        expect(broken).toBeGreaterThan(0);
        text = await scrapeText(ctx());
        expect(seriesValue(text, 'hushgift_ledger_invariant_violations')).toBe(broken);
      } finally {
        await ctx().db.update(gifts).set({ state: 'paid' }).where(eq(gifts.id, gift.id));
        await ctx().db.delete(giftClaimAttempts).where(eq(giftClaimAttempts.giftId, gift.id));
        await resolveAttention(ctx().db, gift.id, ['claim_frozen'], { at: ctx().clock.now() });
      }
      expect(await scrape(ctx(), 'hushgift_ledger_invariant_violations')).toBe(0);
    });

    it('show the database pool', async () => {
      const text = await scrapeText(ctx());
      const max = seriesValue(text, 'hushgift_db_pool_connections', { state: 'max' });
      expect(max).toBe(ctx().engine === 'postgres' ? 20 : 1);
      expect(seriesValue(text, 'hushgift_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      if (ctx().engine === 'postgres')
        expect(seriesValue(text, 'hushgift_db_pool_connections', { state: 'waiting' })).toBe(0);
      // Process series come with the same prefix.
      expect(seriesValue(text, 'hushgift_process_resident_memory_bytes')).toBeGreaterThan(0);
    });
  },
  { config: fresh },
);

describe('metrics listener', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('serves /metrics on its own port, while the public port answers 404 for it', async () => {
    const main = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const server = await startMetricsServer(ctx.app.observability.metrics, {
      ...ctx.deps.config.observability,
      metricsPort: 0,
    });
    try {
      const address = server!.server.address() as { port: number };
      expect((await fetch(`${main}/metrics`)).status).toBe(404);
      await fetch(`${main}/api/health`);
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(
        seriesValue(await res.text(), 'hushgift_http_requests_total', { route: '/api/health', status_code: '200' }),
      ).toBe(1);
    } finally {
      await server?.close();
    }
  });

  it('has every series the ready-made Grafana dashboard reads', async () => {
    const dashboard = readFileSync('docs/ops/grafana-dashboard.json', 'utf8');
    const used = new Set([...dashboard.matchAll(/hushgift_[a-z_]+/g)].map((m) => m[0]));
    const text = await scrapeText({ app: ctx.app, deps: ctx.deps } as TestContext);
    const missing = [...used].filter((name) => !new RegExp(`^# TYPE ${name.replace(/_bucket$/, '')} `, 'm').test(text));
    expect(used.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('is off unless METRICS_PORT is set', async () => {
    expect(ctx.deps.config.observability.metricsPort).toBeUndefined();
    expect(await startMetricsServer(ctx.app.observability.metrics, ctx.deps.config.observability)).toBeUndefined();
  });

  it('asks for the bearer token when one is configured', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const server = await buildMetricsServer(ctx.app.observability.metrics, {
      ...ctx.deps.config.observability,
      metricsToken: token,
    });
    const get = (authorization?: string) =>
      server.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(`Bearer ${token}x`)).statusCode).toBe(401);
    expect((await get(token)).statusCode).toBe(401);
    const ok = await get(`Bearer ${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('hushgift_http_requests_total');
  });
});
