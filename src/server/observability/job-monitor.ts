// The runner's heartbeat: what each scheduled job of this instance last did and when its next run is due. The
// readiness check reads it (a job far past due means the runner is stuck) and so do the job metrics. It keeps the
// runner's own time (the wall clock its timers run on), not the app's injected clock.
/** What the runner reports (jobs/runner.ts). */
export interface JobObserver {
  runnerStarted(): void;
  scheduled(job: string, intervalMs: number, delayMs: number): void;
  started(job: string): void;
  finished(job: string, error?: unknown): void;
}

export interface JobState {
  job: string;
  intervalMs: number;
  running: boolean;
  runs: number;
  failures: number;
  /** How far past due the job is now: its next run has not started, or its current run outlasts its interval. */
  lagMs: number;
  lastSuccessAt?: Date;
  lastDurationMs?: number;
}

interface Entry {
  intervalMs: number;
  dueAt: number;
  startedAt?: number;
  runs: number;
  failures: number;
  lastSuccessAt?: number;
  lastDurationMs?: number;
}

export class JobMonitor implements JobObserver {
  private readonly jobs = new Map<string, Entry>();
  private runnerUp = false;
  /** Called after each finished run, with its duration (the metrics' histogram). */
  onFinished?: (job: string, durationMs: number, failed: boolean) => void;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether a runner reports to this monitor: false on an instance that runs no jobs (JOBS_ENABLED=false). */
  get hasRunner(): boolean {
    return this.runnerUp;
  }

  runnerStarted(): void {
    this.runnerUp = true;
  }

  scheduled(job: string, intervalMs: number, delayMs: number): void {
    const entry = this.entry(job, intervalMs);
    entry.dueAt = this.now() + delayMs;
    entry.startedAt = undefined;
  }

  started(job: string): void {
    const entry = this.jobs.get(job);
    if (entry) entry.startedAt = this.now();
  }

  finished(job: string, error?: unknown): void {
    const entry = this.jobs.get(job);
    if (!entry) return;
    const duration = entry.startedAt === undefined ? 0 : this.now() - entry.startedAt;
    entry.runs += 1;
    entry.lastDurationMs = duration;
    if (error === undefined) entry.lastSuccessAt = this.now();
    else entry.failures += 1;
    this.onFinished?.(job, duration, error !== undefined);
  }

  states(): JobState[] {
    const now = this.now();
    return [...this.jobs].map(([job, e]) => {
      // A run in progress is late once it outlasts its interval: the next run cannot start before it ends.
      const dueAt = e.startedAt === undefined ? e.dueAt : e.startedAt + e.intervalMs;
      return {
        job,
        intervalMs: e.intervalMs,
        running: e.startedAt !== undefined,
        runs: e.runs,
        failures: e.failures,
        lagMs: Math.max(0, now - dueAt),
        lastSuccessAt: e.lastSuccessAt === undefined ? undefined : new Date(e.lastSuccessAt),
        lastDurationMs: e.lastDurationMs,
      };
    });
  }

  private entry(job: string, intervalMs: number): Entry {
    let entry = this.jobs.get(job);
    if (!entry) {
      entry = { intervalMs, dueAt: this.now(), runs: 0, failures: 0 };
      this.jobs.set(job, entry);
    }
    entry.intervalMs = intervalMs;
    return entry;
  }
}
