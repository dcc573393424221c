// The operator's settings for metrics, readiness and load shedding: their part of the environment schema and the
// typed config built from it (config.ts spreads both in).
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';

export const observabilityEnv = {
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  METRICS_GAUGES_MAX_AGE_SECONDS: z.coerce.number().min(0).default(30),
  LEDGER_CHECK_INTERVAL_MINUTES: z.coerce.number().min(0).default(15),
  JOBS_STALLED_AFTER_SECONDS: z.coerce.number().positive().default(600),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).default(1000),
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  PRESSURE_MAX_HEAP_USED_MB: z.coerce.number().min(0).optional(),
  PRESSURE_MAX_RSS_MB: z.coerce.number().min(0).default(0),
  PRESSURE_RETRY_AFTER_SECONDS: z.coerce.number().int().positive().default(10),
};

type ObservabilityEnv = z.infer<z.ZodObject<typeof observabilityEnv>>;

export interface ObservabilityConfig {
  /** Port of the metrics listener; undefined: no listener, metrics are not served at all. */
  metricsPort?: number;
  metricsHost: string;
  /** Bearer token the metrics listener asks for; required when it listens beyond loopback. */
  metricsToken?: string;
  /** How old the database gauges (outbox, attention, held gifts) may be when scraped. */
  gaugesMaxAgeMs: number;
  /** How old the ledger invariant check's result may be when scraped (it aggregates every movement). */
  ledgerCheckMaxAgeMs: number;
  /** A job whose next run is this late (a run hung, or its timer died) makes the instance not ready. */
  jobsStalledAfterMs: number;
  /** Load shedding (@fastify/under-pressure); 0 turns a check off. */
  pressure: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxHeapUsedBytes: number;
    maxRssBytes: number;
    retryAfterSeconds: number;
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const MB = 1024 * 1024;

export function checkObservabilityEnv(env: ObservabilityEnv, ctx: z.RefinementCtx): void {
  // Metrics name jobs, routes and money figures: reachable beyond this machine only with a token.
  if (env.METRICS_PORT !== undefined && !LOOPBACK.has(env.METRICS_HOST) && !env.METRICS_TOKEN)
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_TOKEN'],
      message: 'is required when METRICS_HOST is not a loopback address (metrics must never be public)',
    });
}

export function observabilityConfig(env: ObservabilityEnv): ObservabilityConfig {
  return {
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    metricsToken: env.METRICS_TOKEN,
    gaugesMaxAgeMs: env.METRICS_GAUGES_MAX_AGE_SECONDS * 1000,
    ledgerCheckMaxAgeMs: env.LEDGER_CHECK_INTERVAL_MINUTES * 60_000,
    jobsStalledAfterMs: env.JOBS_STALLED_AFTER_SECONDS * 1000,
    pressure: {
      maxEventLoopDelayMs: env.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: env.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
      // By default 90% of V8's heap limit: past it the process spends its time collecting garbage.
      maxHeapUsedBytes: Math.round(
        env.PRESSURE_MAX_HEAP_USED_MB === undefined
          ? getHeapStatistics().heap_size_limit * 0.9
          : env.PRESSURE_MAX_HEAP_USED_MB * MB,
      ),
      maxRssBytes: Math.round(env.PRESSURE_MAX_RSS_MB * MB),
      retryAfterSeconds: env.PRESSURE_RETRY_AFTER_SECONDS,
    },
  };
}
