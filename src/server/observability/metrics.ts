// The Prometheus series of one app (prom-client, its own registry so test apps never share counters). Requests are
// labelled by route template (request.routeOptions.url), never by the raw URL, which carries claim tokens and ids.
// Database figures are read at scrape time through a cache (cached.ts), so scrapes cost at most one read per
// maximum age; nothing here runs unless the metrics listener is scraped.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppDeps } from '../deps.js';
import { cached } from './cached.js';
import { promiseHooksOn } from './promise-hooks.js';
import { registerRequestMetrics } from './request-metrics.js';
import type { JobMonitor } from './job-monitor.js';
import { countLedgerViolations, readOpsFigures, type OpsFigures } from './ops-figures.js';

export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  shedRequest(reason: string): void;
  /** An e-mail the outbox stopped trying: refused for good (`bounced`) or out of attempts (`given_up`). */
  emailUndelivered(kind: string, reason: 'bounced' | 'given_up'): void;
}

const PREFIX = 'hushgift_';

export function createMetrics(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'database'>, jobs: JobMonitor): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const observe = registerRequestMetrics(registry, PREFIX);
  const shed = new Counter({
    name: `${PREFIX}http_requests_shed_total`,
    help: 'Requests answered 503 by load shedding, by the pressure that caused it',
    labelNames: ['reason'] as const,
    registers,
  });

  // The outbox's dead letters as they happen: their rows keep failed_at, but no index finds them cheaply.
  const undelivered = new Counter({
    name: `${PREFIX}outbox_undelivered_total`,
    help: 'E-mails the outbox stopped trying, by kind and reason (bounced: refused for good; given_up: out of attempts)',
    labelNames: ['kind', 'reason'] as const,
    registers,
  });

  new Gauge({
    name: `${PREFIX}promise_hooks_on`,
    help: "1 when Node's promise hooks are on in this process, which makes every promise cost more (decision 030); 0 otherwise",
    registers,
    async collect() {
      this.set((await promiseHooksOn()) ? 1 : 0);
    },
  });

  registerJobMetrics(registers, jobs);
  registerDatabaseMetrics(registers, deps);

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      // Unrouted requests (404s, scanners) share one label, so arbitrary paths never become series.
      observe(method, route ?? 'unmatched', statusCode, seconds);
    },
    shedRequest: (reason) => shed.inc({ reason }),
    emailUndelivered: (kind, reason) => undelivered.inc({ kind, reason }),
  };
}

function registerJobMetrics(registers: Registry[], jobs: JobMonitor): void {
  const runs = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Runs of each scheduled job on this instance, finished (failed or not)',
    labelNames: ['job'] as const,
    registers,
  });
  const failures = new Counter({
    name: `${PREFIX}job_failures_total`,
    help: 'Runs of each scheduled job that ended in an error',
    labelNames: ['job'] as const,
    registers,
  });
  const duration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Time one run of a scheduled job took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });
  jobs.onFinished = (job, ms, failed) => {
    runs.inc({ job });
    failures.inc({ job }, failed ? 1 : 0);
    duration.observe({ job }, ms / 1000);
  };
  new Gauge({
    name: `${PREFIX}job_lag_seconds`,
    help: 'How far past due each job is: its next run not started, or its current run outlasting its interval',
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset();
      for (const state of jobs.states()) this.set({ job: state.job }, state.lagMs / 1000);
    },
  });
  new Gauge({
    name: `${PREFIX}job_last_success_timestamp_seconds`,
    help: 'When each job last finished without error (Unix time)',
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset();
      for (const state of jobs.states())
        if (state.lastSuccessAt) this.set({ job: state.job }, state.lastSuccessAt.getTime() / 1000);
    },
  });
}

function registerDatabaseMetrics(
  registers: Registry[],
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'database'>,
): void {
  const { gaugesMaxAgeMs, ledgerCheckMaxAgeMs } = deps.config.observability;
  const readErrors = new Counter({
    name: `${PREFIX}metrics_read_errors_total`,
    help: 'Scrapes whose database figures could not be read (the gauges keep their last value)',
    registers,
  });
  // A failed read must not fail the whole scrape: the process series still matter most when the database is down.
  const orNothing =
    <T>(read: () => Promise<T>) =>
    () =>
      read().catch(() => {
        readErrors.inc();
        return undefined;
      });
  const figures = orNothing(cached(() => readOpsFigures(deps), gaugesMaxAgeMs));
  const violations = orNothing(cached(() => countLedgerViolations(deps), ledgerCheckMaxAgeMs));
  const fromFigures = (name: string, help: string, pick: (f: OpsFigures) => number) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers,
      async collect() {
        const f = await figures();
        if (f) this.set(pick(f));
      },
    });
  fromFigures(
    'outbox_pending_messages',
    'E-mails in the outbox not yet delivered nor given up',
    (f) => f.outboxPending,
  );
  fromFigures(
    'outbox_oldest_pending_age_seconds',
    'Age of the oldest e-mail waiting in the outbox (0 when none waits)',
    (f) => f.outboxOldestAgeSeconds,
  );
  fromFigures('attention_items_open', 'Gifts on the admin attention list (decision 017)', (f) => f.attentionOpen);
  new Gauge({
    name: `${PREFIX}gifts_held`,
    help: 'Gifts whose money is held: claim frozen after wrong answers, or a card dispute open',
    labelNames: ['reason'] as const,
    registers,
    async collect() {
      const f = await figures();
      if (!f) return;
      this.set({ reason: 'claim_frozen' }, f.claimFrozen);
      this.set({ reason: 'dispute_open' }, f.disputeOpen);
    },
  });
  new Gauge({
    name: `${PREFIX}ledger_invariant_violations`,
    help: 'Broken ledger invariants (services/ledger/invariants.ts); 0 when the books balance',
    registers,
    async collect() {
      const count = await violations();
      if (count !== undefined) this.set(count);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database connections: max (pool size), total open, idle, waiting (queries queued for one)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const stats = deps.database.poolStats();
      for (const [state, value] of Object.entries(stats)) if (value !== undefined) this.set({ state }, value);
    },
  });
}
