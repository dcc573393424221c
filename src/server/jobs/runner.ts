// Runs scheduled work in-process. Each job must be safe on several instances by itself (SKIP LOCKED or
// conditional updates); the runner only makes sure one instance never overlaps a job with itself.
// The observer (observability/job-monitor.ts) is its heartbeat: readiness and metrics read it.
import type { JobObserver } from '../observability/job-monitor.js';

// setTimeout overflows past 2^31-1 ms (~24.8 days) and would then fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

export interface JobLogger {
  error(obj: unknown, msg: string): void;
}

export interface RunningJobs {
  stop(): Promise<void>;
}

export function startJobs(jobs: Job[], log: JobLogger, observer?: JobObserver): RunningJobs {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();

  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    observer?.scheduled(job.name, job.intervalMs, Math.min(delay, MAX_TIMER_MS));
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        observer?.started(job.name);
        const run = job
          .run()
          .then(
            () => observer?.finished(job.name),
            (err: unknown) => {
              observer?.finished(job.name, err);
              log.error({ err, job: job.name }, 'scheduled job failed');
            },
          )
          .finally(() => {
            running.delete(run);
            schedule(job, job.intervalMs);
          });
        running.add(run);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    timer.unref();
    timers.add(timer);
  };

  observer?.runnerStarted();
  for (const job of jobs) schedule(job, Math.min(job.intervalMs, 1000));

  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...running]);
    },
  };
}
