// The in-process job runner: a job that throws is logged with its name and runs again one interval later, and
// never overlaps itself; stop() waits for a run in progress. Timers are faked: nothing here waits on the wall clock.
import { startJobs, type Job } from '../../src/server/jobs/runner.js';

describe('scheduled jobs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs a failing job with its name and reschedules it one interval later', async () => {
    const errors: Array<{ obj: unknown; msg: string }> = [];
    let runs = 0;
    const job: Job = {
      name: 'expiry',
      intervalMs: 10_000,
      async run() {
        runs++;
        throw new Error(`database unavailable (run ${runs})`);
      },
    };
    const jobs = startJobs([job], { error: (obj, msg) => errors.push({ obj, msg }) });

    // The first run comes after min(interval, 1 s).
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('scheduled job failed');
    expect(errors[0]!.obj).toMatchObject({ job: 'expiry', err: new Error('database unavailable (run 1)') });

    await vi.advanceTimersByTimeAsync(9_999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(2);
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
  });

  it('never overlaps a slow run with the next one, and stop() waits for the run in progress', async () => {
    let active = 0;
    let maxActive = 0;
    let finish!: () => void;
    const job: Job = {
      name: 'payouts',
      intervalMs: 1_000,
      async run() {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise<void>((r) => (finish = r));
        active--;
      },
    };
    const jobs = startJobs([job], { error: () => {} });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(maxActive).toBe(1);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(active).toBe(0);
  });
});
