// Readiness (GET /api/ready): may this instance take traffic? The database answers, its migrations are the ones
// this code expects, and, where this instance runs the jobs, none of them is stuck. Liveness (/api/health) asks
// less, so a slow database never gets a healthy process restarted.
import type { AppDeps } from '../deps.js';
import type { ReadyAnswer } from '../../shared/schemas/service.js';
import type { JobMonitor } from './job-monitor.js';
import { migrationsStatus, type readJournal } from './migrations-status.js';

export async function checkReadiness(
  deps: Pick<AppDeps, 'database' | 'config'>,
  monitor: JobMonitor,
  journal: ReturnType<typeof readJournal>,
): Promise<ReadyAnswer> {
  const reachable = await deps.database.ping();
  const migrations = reachable ? await migrationsStatus(deps.database.db, journal).catch(() => undefined) : undefined;
  const jobs = jobsCheck(deps.config, monitor);
  const checks: ReadyAnswer['checks'] = {
    database: { ok: reachable, engine: deps.database.engine },
    migrations: migrations
      ? {
          ok: migrations.current,
          applied: migrations.applied,
          expected: migrations.expected,
          pending: migrations.pending,
        }
      : { ok: false, applied: null, expected: journal.length, pending: [] },
    jobs,
  };
  const failed = Object.entries(checks)
    .filter(([, check]) => !check.ok)
    .map(([name]) => name);
  return failed.length === 0
    ? { status: 'ready', checks }
    : { status: 'not_ready', message: notReadyMessage(checks, failed), checks };
}

function jobsCheck(config: AppDeps['config'], monitor: JobMonitor): ReadyAnswer['checks']['jobs'] {
  const paused = [...config.jobsPaused];
  // Another instance runs them: nothing to check here, and not a reason to take this one out of service.
  if (!config.jobsEnabled) return { ok: true, state: 'not_run_here', stalled: [], paused };
  if (!monitor.hasRunner) return { ok: false, state: 'not_started', stalled: [], paused };
  const stalled = monitor
    .states()
    .filter((job) => job.lagMs > config.observability.jobsStalledAfterMs)
    .map((job) => job.job);
  return { ok: stalled.length === 0, state: stalled.length ? 'stalled' : 'running', stalled, paused };
}

function notReadyMessage(checks: ReadyAnswer['checks'], failed: string[]): string {
  const why: Record<string, string> = {
    database: 'the database does not answer',
    migrations: checks.migrations.pending.length
      ? `migrations not applied: ${checks.migrations.pending.join(', ')}`
      : 'the applied migrations could not be read',
    jobs:
      checks.jobs.state === 'stalled'
        ? `jobs stalled: ${checks.jobs.stalled.join(', ')}`
        : 'the job runner has not started',
  };
  return `Not ready: ${failed.map((name) => why[name]).join('; ')}.`;
}
