// What an idle server costs: the built app, started as production starts it (jobs on), serving nothing, and the same
// app with its scheduled jobs off, one after the other. After BENCH_WARMUP seconds (default 15) it reads each process's CPU
// (main thread and other threads) and all of PostgreSQL's over BENCH_DURATION seconds (default 30), and prints
// milliseconds of CPU a second. Every instance pays this all day, and under load it is taken from the requests' core
// (docs/benchmarks.md, "Session 33"). Not a bench with a target: run it by hand, `npm run build && node
// bench/idle-cpu.mjs`.
import { setTimeout as sleep } from 'node:timers/promises';
import { postgresCpuSeconds } from './lib/http-bench.mjs';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';
import { threadFigures } from './lib/thread-figures.mjs';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
const SECONDS = Number(process.env.BENCH_DURATION ?? 30);

const database = await freshPostgres('idlecpu');
const stops = [() => database.drop()];
try {
  const start = async (env) => {
    const app = await startBuiltServer({ databaseUrl: database.url, env });
    stops.unshift(() => app.stop());
    return app;
  };
  // One at a time: PostgreSQL's CPU is read for the whole server, so each side is measured alone.
  for (const [name, env] of [
    ['app (jobs on)', {}],
    ['app, JOBS_ENABLED=false', { JOBS_ENABLED: 'false' }],
  ]) {
    const app = await start(env);
    await sleep(WARMUP * 1000);
    const [before, pgBefore] = [threadFigures(app.pid), postgresCpuSeconds()];
    await sleep(SECONDS * 1000);
    const [after, pgAfter] = [threadFigures(app.pid), postgresCpuSeconds()];
    const perSecond = (part) =>
      (((after[part].user - before[part].user + after[part].system - before[part].system) * 1000) / SECONDS).toFixed(1);
    console.log(
      `${name}: main thread ${perSecond('main')} ms of CPU a second, other threads ${perSecond('others')}, ` +
        `PostgreSQL ${(((pgAfter - pgBefore) * 1000) / SECONDS).toFixed(1)} (${SECONDS} s after ${WARMUP} s idle)`,
    );
    await stops.shift()();
  }
} finally {
  for (const stop of stops) await stop();
}
