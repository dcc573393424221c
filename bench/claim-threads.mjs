// Where, by thread, the app spends more per claim lookup than the bare server: the bare claim server
// (bench/lib/bare-claim-server.mjs) and the built app, started as production starts it, plus any app variants given in
// BENCH_VARIANTS (a JSON object of name to extra environment, e.g. '{"warn":{"LOG_LEVEL":"warn"}}'), side by side:
// rounds alternating, 64 connections, the claim bench's seed. Per round and side it prints, per lookup, the
// process's main thread and its other threads (the log writer, V8's helpers) in µs of user and system CPU, the minor
// page faults of each, the times each went to sleep waiting or was preempted, their moves between cores (per 1,000
// lookups), and all of PostgreSQL's CPU and sleeps, from /proc. Then the median over rounds. Not a bench with a
// target: run it by hand, `npm run build && node bench/claim-threads.mjs` (docs/benchmarks.md, "Session 30").
// BENCH_ROUNDS (default 6) of BENCH_DURATION seconds (default 6) after BENCH_WARMUP (default 20) per side.
// BENCH_BARE_LAYERS adds bare servers with some of the app's own Fastify layers (semicolon-separated sets of
// bench/lib/bare-claim-server.mjs's APP_LAYERS, e.g. 'log;log,hook,inflight,contract'), to weigh those layers apart
// from the rest of the app (docs/benchmarks.md, "Session 31"). BENCH_NEIGHBOUR=memory (or cpu) runs a noisy neighbour
// beside them (bench/lib/neighbour.mjs), to ask whether it singles out the app. With four servers V8 gave its young
// generation back between rounds on some sides (in five runs, every side but the last started), and a side that kept
// it read up to 16 µs a lookup faster than its twin; with BENCH_RUNTIME_FLAGS=--min-semi-space-size=32 no side gives
// it back (docs/benchmarks.md, "Session 37"). BENCH_NEIGHBOUR_ALTERNATE=1 measures every side twice a round, with the
// neighbour stopped and running (in turn first), as `side` and `side~n`: the day's drift falls on both alike.
// BENCH_NEIGHBOUR_ON_SERVERS=1 (with BENCH_PIN=1) puts the neighbour on the servers' CPU ("Session 38").
// BENCH_PIN_ALTERNATE=1 measures every side unplaced and placed (as BENCH_PIN=1 places them) in turn, as `side` and
// `side@p`, so whether sharing cores with PostgreSQL and the generator widens the gap is asked within one run.
import { getRequests, load, postgresCpuSeconds, replayableHeaders, startProcess } from './lib/http-bench.mjs';
import { seedClaimableGifts } from './lib/claim-seed.mjs';
import { startNeighbour } from './lib/neighbour.mjs';
import { placeAll, placeBenchAndDatabase, placementText, placeServer } from './lib/placement.mjs';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';
import { postgresSleeps, threadFigures } from './lib/thread-figures.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const VARIANTS = JSON.parse(process.env.BENCH_VARIANTS ?? '{}');
const BARE_LAYERS = (process.env.BENCH_BARE_LAYERS ?? '').split(';').filter(Boolean);
const POOL = '20';
const ALTERNATE = process.env.BENCH_NEIGHBOUR_ALTERNATE === '1';
const PIN_ALTERNATE = process.env.BENCH_PIN_ALTERNATE === '1';

/** Each of a thread's figures (bench/lib/thread-figures.mjs) per lookup, CPU seconds as µs. */
const perLookup = (before, after, count) =>
  Object.fromEntries(
    Object.keys(before).map((k) => {
      const per = (after[k] - before[k]) / count;
      return [k, k === 'user' || k === 'system' ? per * 1e6 : per];
    }),
  );
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const part = (p) =>
  `u ${p.user.toFixed(0)} s ${p.system.toFixed(0)} µs, ${p.faults.toFixed(2)} faults, ` +
  `${p.sleeps.toFixed(2)} sleeps, ${p.preempted.toFixed(2)} preempted, ${(p.migrations * 1000).toFixed(1)} moves/1k`;

const database = await freshPostgres('claimthreads');
const stops = [() => database.drop()];
try {
  const startApp = async (env = {}) => {
    const app = await startBuiltServer({ databaseUrl: database.url, env: { DATABASE_POOL_MAX: POOL, ...env } });
    stops.unshift(() => app.stop());
    return app;
  };
  const app = await startApp(); // migrates
  const tokens = await seedClaimableGifts(database.url, 2000);
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  const first = await fetch(`${app.url}/api/gifts/claim/${tokens[0]}`);
  // The bare claim server, alone or with some of the app's layers (APP_LAYERS), replaying the app's headers.
  const startBare = async (layers = '') => {
    const bare = await startProcess('bench/lib/bare-claim-server.mjs', {
      DATABASE_URL: database.url,
      POOL_MAX: POOL,
      BARE_HEADERS: JSON.stringify(replayableHeaders(first)),
      ...(layers ? { APP_LAYERS: layers, LOG_FILE: `${app.logFile}.bare+${layers}` } : {}),
    });
    stops.unshift(() => bare.stop());
    return bare;
  };
  const bare = await startBare();
  const sides = [
    { name: 'bare', port: bare.port, pid: bare.pid },
    { name: 'app', port: Number(new URL(app.url).port), pid: app.pid },
  ];
  for (const layers of BARE_LAYERS) {
    const layered = await startBare(layers);
    const answer = await fetch(`http://127.0.0.1:${layered.port}/api/gifts/claim/${tokens[0]}`);
    const [ours, theirs] = [answer, first].map((r) => JSON.stringify(replayableHeaders(r)));
    if (!answer.ok || ours !== theirs) throw new Error(`bare+${layers} answers otherwise: ${answer.status} ${ours}`);
    sides.push({ name: `bare+${layers}`, port: layered.port, pid: layered.pid });
  }
  for (const [name, env] of Object.entries(VARIANTS)) {
    const variant = await startApp(env);
    sides.push({ name, port: Number(new URL(variant.url).port), pid: variant.pid });
  }
  // BENCH_PIN=1 places them as the claim bench would (bench/lib/placement.mjs).
  const serverPids = sides.map((side) => side.pid);
  stops.push(placeBenchAndDatabase(serverPids));
  if (PIN_ALTERNATE) stops.push(() => placeAll(serverPids, false));
  // BENCH_NEIGHBOUR=memory (bench/lib/neighbour.mjs), on the servers' CPU if asked.
  const neighbour = startNeighbour();
  stops.unshift(neighbour.stop);
  if (neighbour.pid && process.env.BENCH_NEIGHBOUR_ON_SERVERS === '1') placeServer(neighbour.pid);
  console.log(
    `${sides.map((s) => s.name).join(', ')}: ${WARMUP} s warm-up, ${ROUNDS} rounds x ${SECONDS} s each, ` +
      `64 connections, 2000 gifts, PostgreSQL; ${placementText()}; ${neighbour.text}` +
      (ALTERNATE ? ', stopped and running in turn (~n)' : '') +
      (PIN_ALTERNATE ? '; unplaced and placed in turn (@p)' : ''),
  );
  for (const side of sides) await load({ port: side.port, requests, connections: 64, seconds: WARMUP });
  // Each measurement: a side, whether the neighbour runs during it (always, unless alternating), and whether the
  // processes are placed (as BENCH_PIN says, unless alternating). Each pair alternates which goes first.
  const inTurn = (list, round, other) =>
    list.flatMap((side) => {
      const both = [side, other(side)];
      return round % 2 ? both : both.reverse();
    });
  const runs = (round) => {
    let list = sides.map((side) => ({ ...side, neighbour: !ALTERNATE, placed: undefined }));
    if (ALTERNATE) list = inTurn(list, round, (s) => ({ ...s, name: `${s.name}~n`, neighbour: true }));
    if (PIN_ALTERNATE) {
      list = inTurn(
        list.map((s) => ({ ...s, placed: false })),
        round,
        (s) => ({ ...s, name: `${s.name}@p`, placed: true }),
      );
    }
    return list;
  };
  const rows = Object.fromEntries(runs(1).map((s) => [s.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const side of runs(round)) {
      if (side.neighbour) neighbour.resume();
      else neighbour.pause();
      if (side.placed !== undefined) placeAll(serverPids, side.placed);
      const [threads0, database0, sleeps0] = [threadFigures(side.pid), postgresCpuSeconds(), postgresSleeps()];
      const result = await load({ port: side.port, requests, connections: 64, seconds: SECONDS });
      const [threads1, database1, sleeps1] = [threadFigures(side.pid), postgresCpuSeconds(), postgresSleeps()];
      const row = {
        rps: result.rps,
        p99: result.p99,
        main: perLookup(threads0.main, threads1.main, result.count),
        others: perLookup(threads0.others, threads1.others, result.count),
        postgres: ((database1 - database0) / result.count) * 1e6,
        postgresSleeps: (sleeps1 - sleeps0) / result.count,
      };
      rows[side.name].push(row);
      console.log(
        `round ${round} ${side.name}: ${row.rps} req/s p99 ${row.p99} ms | main ${part(row.main)} | ` +
          `other threads ${part(row.others)} | PostgreSQL ${row.postgres.toFixed(0)} µs, ` +
          `${row.postgresSleeps.toFixed(2)} sleeps`,
      );
    }
  }
  console.log('medians over rounds, per lookup:');
  const mainFaults = [];
  for (const [name, list] of Object.entries(rows)) {
    const m = (pick) => median(list.map(pick));
    const medians = (thread) =>
      Object.fromEntries(Object.keys(list[0][thread]).map((k) => [k, m((r) => r[thread][k])]));
    const [main, others] = [medians('main'), medians('others')];
    mainFaults.push(main.faults);
    console.log(
      `${name}: ${m((r) => r.rps)} req/s | main ${part(main)} | other threads ${part(others)} | ` +
        `PostgreSQL ${m((r) => r.postgres).toFixed(0)} µs, ${m((r) => r.postgresSleeps).toFixed(2)} sleeps`,
    );
  }
  // The young generation given back on some sides only (the header says what it costs).
  if (Math.max(...mainFaults) >= 0.05 && Math.min(...mainFaults) < 0.02)
    console.log(
      'note: the main threads differ in faults per lookup, a young generation given back between rounds on some ' +
        'sides and not others; compare them with BENCH_RUNTIME_FLAGS=--min-semi-space-size=32',
    );
} finally {
  for (const stop of stops) await stop();
}
