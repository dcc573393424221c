// The claim lookup, GET /api/gifts/claim/:token, the hottest public call: the built app, started as production
// starts it (jobs on, logging at info; bench/lib/server.mjs), on PostgreSQL against the best a bare Fastify +
// node-postgres server does for the same lookup (bench/lib/bare-claim-server.mjs: same pool size, a named prepared
// statement, the app's own answer headers replayed), side by side in one run, rounds alternating.
// The bench proves it can see (issue 27): the load generator's ceiling against a server doing nothing is measured
// in every round, and the faster side must stay under half of it; the bare server with a fixed extra CPU cost of
// 20% per request must read as <= 0.85x of itself.
// Targets (issues 16 and 27): throughput >= 0.9x the bare server's, p99 <= 1.3x, no failed request; exits non-zero
// when one is missed. Run: npm run bench claim (BENCH_DURATION seconds per side and round, default 4;
// BENCH_ROUNDS, default 3; BENCH_GIFTS, default 2000).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  extraCostMicros,
  getRequests,
  load,
  ratios,
  replayableHeaders,
  sideBySide,
  startProcess,
  startTrivialServer,
} from './lib/http-bench.mjs';
import { seedClaimableGifts } from './lib/claim-seed.mjs';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';
import { checkTargets } from './lib/targets.mjs';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GIFTS = Number(process.env.BENCH_GIFTS ?? 2000);
const POOL = '20';

const database = await freshPostgres('claim');
const app = await startBuiltServer({ databaseUrl: database.url, env: { DATABASE_POOL_MAX: POOL } }); // migrates
const stops = [() => app.stop(), () => database.drop()];
try {
  const tokens = await seedClaimableGifts(database.url, GIFTS);
  // Every request a different token, built before the run (a fixed set, cycled).
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  const first = await fetch(`${app.url}/api/gifts/claim/${tokens[0]}`);
  const headers = replayableHeaders(first);
  const bareEnv = { DATABASE_URL: database.url, POOL_MAX: POOL, BARE_HEADERS: JSON.stringify(headers) };
  const bare = await startProcess('bench/lib/bare-claim-server.mjs', bareEnv);
  stops.unshift(() => bare.stop());
  const trivial = await startTrivialServer();
  stops.unshift(() => trivial.stop());
  await sameAnswers(app.url, bare.url, tokens[0], first, await first.text());

  // The self-check's fixed cost: 20% of the CPU time the bare server spends per request.
  const extra = await extraCostMicros(bare, { requests, connections: CONNECTIONS, seconds: 3 });
  const bareSlow = await startProcess('bench/lib/bare-claim-server.mjs', {
    ...bareEnv,
    EXTRA_COST_MICROS: String(extra),
  });
  stops.unshift(() => bareSlow.stop());

  const ceilingFirst = await load({ port: trivial.port, requests, connections: CONNECTIONS, seconds: 3 });
  console.log(
    `generator ceiling (a server doing nothing): ${ceilingFirst.rps} req/s, load average ${loadavg()[0].toFixed(2)}`,
  );
  console.log(
    `${CONNECTIONS} connections, ${ROUNDS} rounds x ${SECONDS} s per side, ${GIFTS} gifts, PostgreSQL, pool ${POOL} each, ` +
      `self-check cost ${extra} µs per request`,
  );
  const run = await sideBySide({
    sides: [
      { name: 'ceiling', port: trivial.port },
      { name: 'bare', port: bare.port, pid: bare.pid },
      { name: 'app', port: Number(new URL(app.url).port), pid: app.pid },
      { name: 'bare+20%', port: bareSlow.port, pid: bareSlow.pid },
    ],
    requests,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    seconds: SECONDS,
  });

  const throughput = ratios(run, 'app', 'bare', 'rps');
  const p99 = ratios(run, 'app', 'bare', 'p99');
  const selfCheck = ratios(run, 'bare+20%', 'bare', 'rps');
  const cpu = ratios(run, 'app', 'bare', 'cpuMicros');
  const generatorShare = {
    ...run,
    rounds: run.rounds.map((r) => ({
      sides: { fast: { rps: Math.max(r.sides.app.rps, r.sides.bare.rps) }, ceiling: r.sides.ceiling },
    })),
  };
  const ofCeiling = ratios(generatorShare, 'fast', 'ceiling', 'rps');
  const failed = (name) => run.rounds.reduce((s, r) => s + r.sides[name].failed, 0);
  const appRequests = run.rounds.reduce((s, r) => s + r.sides.app.count, 0);
  const logLines = readFileSync(app.logFile, 'utf8').split('\n').length - 1;
  const loads = run.rounds.map((r) => r.load1);
  const fmt = (s) => `${s.median}x (min ${s.min}, max ${s.max})`;
  console.log(`load average per round: ${loads.join(', ')}; app log: ${logLines} lines`);
  console.log(`app CPU time per request: ${fmt(cpu)} the bare server's`);

  const missed = checkTargets('claim lookup', [
    {
      what: 'generator: the faster side <= 0.5x the generator ceiling',
      measured: fmt(ofCeiling),
      met: ofCeiling.median <= 0.5,
    },
    { what: 'self-check: bare + 20% cost <= 0.85x bare', measured: fmt(selfCheck), met: selfCheck.median <= 0.85 },
    { what: 'throughput >= 0.9x the bare server', measured: fmt(throughput), met: throughput.median >= 0.9 },
    { what: 'p99 <= 1.3x the bare server', measured: fmt(p99), met: p99.median <= 1.3 },
    {
      what: 'no failed request',
      measured: `${failed('app')} app, ${failed('bare')} bare`,
      met: failed('app') === 0 && failed('bare') === 0,
    },
    {
      what: 'the app logged at info (a line per request)',
      measured: `${logLines} lines for ${appRequests} measured requests`,
      met: logLines >= appRequests,
    },
  ]);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/claim-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify(
      {
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: run.rounds,
        gifts: GIFTS,
        extraCostMicros: extra,
        ceilingFirst: ceilingFirst.rps,
        throughput,
        p99,
        selfCheck,
        ofCeiling,
        cpu,
        missed,
      },
      null,
      2,
    ),
  );
} finally {
  for (const stop of stops) await stop();
}

/** Both servers answer the same body with the same headers, for a gift and for an unknown token. */
async function sameAnswers(appUrl, bareUrl, token, appFirst, appBody) {
  const bareFirst = await fetch(`${bareUrl}/api/gifts/claim/${token}`);
  const bareBody = await bareFirst.text();
  if (appFirst.status !== 200 || appBody !== bareBody)
    throw new Error(`answers differ: ${appFirst.status} ${appBody} vs ${bareFirst.status} ${bareBody}`);
  const a = JSON.stringify(replayableHeaders(appFirst));
  const b = JSON.stringify(replayableHeaders(bareFirst));
  if (a !== b) throw new Error(`headers differ: ${a} vs ${b}`);
  const unknown = randomBytes(32).toString('base64url');
  const [x, y] = await Promise.all(
    [appUrl, bareUrl].map((u) =>
      fetch(`${u}/api/gifts/claim/${unknown}`).then(async (r) => `${r.status} ${await r.text()}`),
    ),
  );
  if (x !== y) throw new Error(`unknown-token answers differ: ${x} vs ${y}`);
}
