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
import { cpuSeconds, getRequests, load, replayableHeaders, spread, startProcess } from './lib/http-bench.mjs';
import { seedClaimableGifts } from './lib/claim-seed.mjs';
import { slowLiteralMicros } from './lib/slow-literals.mjs';
import { freePort, freshPostgres, serverEnv, startBuiltServer } from './lib/server.mjs';

const IN_APP = Number(process.env.BENCH_IN_APP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SECONDS = Number(process.env.BENCH_DURATION ?? 2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);

const database = await freshPostgres('claiminapp');
const sides = {};
try {
  // The app migrates the database and shows the headers the bare server replays; then it is stopped.
  const app = await startBuiltServer({ databaseUrl: database.url });
  const tokens = await seedClaimableGifts(database.url, 2000);
  const headers = replayableHeaders(await fetch(`${app.url}/api/gifts/claim/${tokens[0]}`));
  await app.stop();
  const bareEnv = { DATABASE_URL: database.url, POOL_MAX: '20', BARE_HEADERS: JSON.stringify(headers) };
  const perfArgs = ['--perf-basic-prof'];
  sides.bare = await startProcess('bench/lib/bare-claim-server.mjs', bareEnv, perfArgs);
  for (let i = 1; i <= IN_APP; i++) {
    const appPort = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-in-app-'));
    const env = { ...serverEnv({ port: appPort, dataDir, databaseUrl: database.url }), ...bareEnv };
    sides[`in app ${i}`] = await startProcess(
      'bench/lib/bare-in-app-server.mjs',
      { ...env, APP_PORT: String(appPort) },
      perfArgs,
    );
  }
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  const measure = async (side) => {
    const before = cpuSeconds(side.pid);
    const result = await load({ port: side.port, requests, connections: 64, seconds: SECONDS });
    return { rps: result.rps, micros: ((cpuSeconds(side.pid) - before) * 1e6) / result.count };
  };
  for (const side of Object.values(sides)) await load({ port: side.port, requests, connections: 64, seconds: WARMUP });
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round = {};
    for (const [name, side] of Object.entries(sides)) round[name] = await measure(side);
    rounds.push(round);
  }
  console.log(`${ROUNDS} rounds x ${SECONDS} s per process, 64 connections, load average ${os.loadavg()[0]}`);
  for (const name of Object.keys(sides)) {
    const rps = spread(rounds.map((r) => r[name].rps / r.bare.rps));
    const cpu = spread(rounds.map((r) => r[name].micros / r.bare.micros));
    const micros = spread(rounds.map((r) => r[name].micros));
    console.log(
      `${name}: throughput ${rps.median}x (${rps.min}-${rps.max}) the lone bare server's, CPU per lookup ` +
        `${cpu.median}x, ${micros.median} µs`,
    );
  }
  for (const [name, side] of Object.entries(sides)) {
    const micros = await slowLiteralMicros({ pid: side.pid, port: side.port, requests });
    console.log(
      `${name}: ${micros === null ? 'perf not installed' : `${micros} µs per lookup in the slow literal path`}`,
    );
  }
} finally {
  for (const side of Object.values(sides)) await side.stop();
  await database.drop();
}
