// Does the app's process slow a request path that is not its own? The bare claim server (bench/lib/
// bare-claim-server.mjs) alone, against the same server inside processes that also run the whole built app, idle
// (bench/lib/bare-in-app-server.mjs), side by side: rounds alternating, 64 connections, the claim bench's seed.
// Prints, per process, the median over rounds of its throughput and CPU per lookup against the lone bare server's,
// then (with perf, Debian package linux-perf) the CPU per lookup its V8 runtime spends building object literals
// slowly (`Runtime_DefineKeyedOwnPropertyInLiteral` and what it calls): the slow state of decision 032. Not a bench
// with a target: run it by hand, `npm run build && node bench/claim-in-app.mjs` (docs/benchmarks.md, "Session 26").
// BENCH_IN_APP processes (default 3; each holds ≈ 23 PostgreSQL connections, the lone bare server 20, and PostgreSQL
// here allows 100), BENCH_ROUNDS (default 30) of BENCH_DURATION seconds (default 2) after BENCH_WARMUP (default 15).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getRequests, ratios, sideBySide, spread, startProcess } from './lib/http-bench.mjs';
import { migratedWithClaimableGifts } from './lib/claim-seed.mjs';
import { slowLiteralMicros } from './lib/slow-literals.mjs';
import { freePort, freshPostgres, serverEnv } from './lib/server.mjs';

const IN_APP = Number(process.env.BENCH_IN_APP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SECONDS = Number(process.env.BENCH_DURATION ?? 2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);

const database = await freshPostgres('claiminapp');
const sides = [];
try {
  const { tokens, headers } = await migratedWithClaimableGifts(database.url, 2000);
  const bareEnv = { DATABASE_URL: database.url, POOL_MAX: '20', BARE_HEADERS: JSON.stringify(headers) };
  const perfArgs = ['--perf-basic-prof'];
  sides.push({ name: 'bare', ...(await startProcess('bench/lib/bare-claim-server.mjs', bareEnv, perfArgs)) });
  for (let i = 1; i <= IN_APP; i++) {
    const appPort = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-in-app-'));
    const env = { ...serverEnv({ port: appPort, dataDir, databaseUrl: database.url }), ...bareEnv };
    const server = await startProcess(
      'bench/lib/bare-in-app-server.mjs',
      { ...env, APP_PORT: String(appPort) },
      perfArgs,
    );
    sides.push({ name: `in app ${i}`, ...server });
  }
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  const run = await sideBySide({
    sides,
    requests,
    connections: 64,
    rounds: ROUNDS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    log: () => {},
  });
  console.log(`${ROUNDS} rounds x ${SECONDS} s per process, 64 connections, load average ${os.loadavg()[0]}`);
  for (const { name } of sides) {
    const rps = ratios(run, name, 'bare', 'rps');
    const micros = spread(run.rounds.map((r) => r.sides[name].cpuMicros));
    console.log(
      `${name}: throughput ${rps.median}x (${rps.min}-${rps.max}) the lone bare server's, CPU per lookup ` +
        `${ratios(run, name, 'bare', 'cpuMicros').median}x, ${micros.median} µs`,
    );
  }
  for (const side of sides) {
    const micros = await slowLiteralMicros({ pid: side.pid, port: side.port, requests });
    console.log(
      `${side.name}: ${micros === null ? 'perf not installed' : `${micros} µs per lookup in the slow literal path`}`,
    );
  }
} finally {
  for (const side of sides) await side.stop();
  await database.drop();
}
