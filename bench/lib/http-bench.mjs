// Side-by-side HTTP load for the benches that compare the app with a bare server (issue 27): a generator that is
// not itself the limit (bench/lib/load-generator.mjs, requests built before the run), its ceiling measured against
// a server that does nothing (bench/lib/trivial-server.mjs), and rounds that alternate every side so each sees
// the same machine load. Ratios are taken round by round and summarised as min / median / max.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { placeServer } from './placement.mjs';
import { startFlags } from './server.mjs';
import { postgresPids, statFigures } from './thread-figures.mjs';

/**
 * Starts a bench server script in its own process, with `npm start`'s node flags (bench/lib/server.mjs
 * startFlags: the app's runtime tuning applies to the baselines too), then `nodeArgs`; it sends { port } on its IPC
 * channel once listening.
 */
export async function startProcess(script, env = {}, nodeArgs = []) {
  const child = fork(script, [], {
    execArgv: [...startFlags(), ...nodeArgs],
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

/** Ends a server process with SIGTERM (it closes, then ends its pool) and resolves once it has exited. */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export const startTrivialServer = () => startProcess('bench/lib/trivial-server.mjs');

/** GET requests as raw HTTP/1.1 text, built once before any run. */
export const getRequests = (paths) => paths.map((p) => `GET ${p} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);

/** POST requests with a JSON body as raw HTTP/1.1 text, built once; `headers` per request (e.g. the client address). */
export const postRequests = (path, body, headersList) =>
  headersList.map((headers) => {
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    return (
      `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`
    );
  });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const round1 = (n) => Math.round(n * 10) / 10;

/**
 * One load run: `connections` keep-alive connections spread over `processes` generator processes (1 by default:
 * on 2 cores a second one only takes CPU from the servers), each sending the next prepared request as soon as the
 * previous answer is read. Answers { rps, p50, p99, count, failed (errors + non-2xx), statuses }.
 */
const cursors = new WeakMap();

export async function load({ port, requests, connections, seconds, processes = 1, total }) {
  // Each run goes on where the last one over the same list stopped: a request (a client address, a token) comes
  // round again only after all the others.
  const cursor = cursors.get(requests) ?? 0;
  const results = await Promise.all(
    Array.from({ length: processes }, (_, k) => {
      const child = fork('bench/lib/load-generator.mjs', [], { serialization: 'advanced', stdio: 'inherit' });
      return new Promise((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited ${code}`)));
        child.send({
          port,
          requests,
          connections: Math.ceil(connections / processes),
          durationMs: seconds * 1000,
          offset: cursor + Math.floor((k * requests.length) / processes),
          ...(total === undefined ? {} : { total: Math.ceil(total / processes) }),
        });
      });
    }),
  );
  const count = results.reduce((s, r) => s + r.count, 0);
  cursors.set(requests, cursor + count);
  const elapsedMs = Math.max(...results.map((r) => r.elapsedMs));
  const latencies = new Float64Array(count);
  let at = 0;
  for (const r of results) {
    latencies.set(r.latencies, at);
    at += r.latencies.length;
  }
  latencies.sort();
  const statuses = {};
  for (const r of results) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const non2xx = Object.entries(statuses).reduce((s, [code, n]) => (code.startsWith('2') ? s : s + n), 0);
  return {
    rps: Math.round((count / elapsedMs) * 1000),
    p50: round1(percentile(latencies, 0.5)),
    p99: round1(percentile(latencies, 0.99)),
    count,
    failed: results.reduce((s, r) => s + r.errors, 0) + non2xx,
    statuses,
  };
}

/**
 * Rounds alternating every side (in the order given), `seconds` each, after a warm-up of every side (BENCH_WARMUP
 * seconds each, default 2). Answers { rounds: [{ load1, sides: { name: result } }] } with the 1-minute load average
 * read before each round.
 */
export async function sideBySide({
  sides,
  requests,
  connections,
  rounds,
  seconds,
  warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2),
  log = console.log,
}) {
  for (const side of sides) {
    await load({ port: side.port, requests: side.requests ?? requests, connections, seconds: warmupSeconds });
  }
  const out = [];
  for (let i = 0; i < rounds; i++) {
    const round = { load1: Number(loadavg()[0].toFixed(2)), sides: {} };
    // Every other round runs the sides in reverse order: a slowdown of the shared machine that comes or goes
    // during a round then falls on the sides alike over two rounds, not always on the one measured last.
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const cpuBefore = side.pid ? cpuSeconds(side.pid) : 0;
      const databaseBefore = side.pid ? postgresCpuSeconds() : 0;
      const result = await load({ port: side.port, requests: side.requests ?? requests, connections, seconds });
      if (side.pid) {
        // The server's own CPU time per answer: unlike req/s, it barely moves with the machine's load.
        result.cpuMicros = Math.round(((cpuSeconds(side.pid) - cpuBefore) / result.count) * 1e6);
        // PostgreSQL's too: one statement can cost its sessions more for one server than another (decision 038).
        result.pgMicros = Math.round(((postgresCpuSeconds() - databaseBefore) / result.count) * 1e6);
      }
      round.sides[side.name] = result;
    }
    log(
      `round ${i + 1}/${rounds} (load ${round.load1}): ` +
        sides
          .map((s) => {
            const r = round.sides[s.name];
            const cpu = r.cpuMicros ? ` ${r.cpuMicros} µs CPU/req (PostgreSQL ${r.pgMicros})` : '';
            return `${s.name} ${r.rps} req/s p99 ${r.p99} ms${cpu}`;
          })
          .join(', '),
    );
    out.push(round);
  }
  return { rounds: out };
}

/**
 * A bench's rounds over `starts` sets of fresh processes (its BENCH_STARTS): two processes of one program can differ
 * by several per cent for their whole life on a shared machine (docs/benchmarks.md, "Session 18"), so a verdict
 * pools the rounds of several. `app` is the first start's app; `startApp` starts the next. `prepare({ app, start,
 * stops })` starts what the app is compared with (pushing their stops) and answers the sides; sideBySide then runs
 * them with `rounds` (its other options); then `afterRounds({ start, sides })`, when given, looks at the processes
 * before they stop. After each start every process of it is stopped, the app last. Answers { rounds, apps }.
 */
export async function overStarts({ starts, app: first, startApp, prepare, afterRounds, rounds: options }) {
  const rounds = [];
  const apps = [];
  for (let start = 1; start <= starts; start++) {
    const app = start === 1 ? first : await startApp();
    apps.push(app);
    const stops = [];
    try {
      const sides = await prepare({ app, start, stops });
      console.log(`start ${start}/${starts}`);
      rounds.push(...(await sideBySide({ ...options, sides })).rounds);
      await afterRounds?.({ start, sides });
    } finally {
      for (const stop of stops) await stop();
      await app.stop();
    }
  }
  return { rounds, apps };
}

/** min / median / max of a per-round figure. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const r2 = (n) => Math.round(n * 100) / 100;
  return { min: r2(sorted[0]), median: r2(sorted[Math.floor((sorted.length - 1) / 2)]), max: r2(sorted.at(-1)) };
}

/** Per-round ratio of side a to side b for a field ('rps' or 'p99'). */
export const ratios = (run, a, b, field) => spread(run.rounds.map((r) => r.sides[a][field] / r.sides[b][field]));

/** The app's answer headers to replay from the bare server (everything but what the HTTP layer sets itself). */
export function replayableHeaders(response) {
  const skip = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'content-type']);
  return Object.fromEntries([...response.headers].filter(([name]) => !skip.has(name)));
}

/** CPU seconds (user + system) in a process's /proc stat line. */
function statCpuSeconds(stat) {
  const { user, system } = statFigures(stat);
  return user + system;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export const cpuSeconds = (pid) => statCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** CPU seconds (user + system) every PostgreSQL process on this machine has used so far, from /proc (Linux). */
export function postgresCpuSeconds() {
  let total = 0;
  for (const pid of postgresPids()) {
    try {
      total += cpuSeconds(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/**
 * The self-check's fixed cost: `share` of the CPU time a request costs, measured over one load run of the server:
 * the server's own and PostgreSQL's work for it, which share the machine's cores. Counting the server's CPU alone
 * left gift creation's self-check blind (0.87-0.88x): a gift is mostly PostgreSQL's work (statements, commits), so 20 %
 * of the server's part is a tenth of its cost; waiting 20 % of a gift's time instead read 0.96x (docs/benchmarks.md,
 * "Session 19"). Burnt in the server, since that is where a slower app's cost would be.
 */
export async function extraCostMicros(server, loadOptions, share = 0.2) {
  const [server0, database0] = [cpuSeconds(server.pid), postgresCpuSeconds()];
  const result = await load({ ...loadOptions, port: server.port });
  const micros = (seconds) => (seconds / result.count) * 1e6;
  const [own, database] = [micros(cpuSeconds(server.pid) - server0), micros(postgresCpuSeconds() - database0)];
  console.log(
    `a bare request costs ${Math.round(own)} µs of the server's CPU and ${Math.round(database)} of PostgreSQL's`,
  );
  return Math.round((own + database) * share);
}

/**
 * The targets every app-vs-bare bench checks, from a sideBySide run with the sides 'ceiling', 'bare', 'app' and
 * 'bare+20%': the generator was not the limit, the bench sees a 20% cost, the app's throughput and p99 against
 * the bare server's (medians of the per-round ratios), no failed request. Answers { targets, figures }.
 */
export function appVersusBare(run, { throughputAtLeast, p99AtMost }) {
  const fast = {
    rounds: run.rounds.map((r) => ({
      sides: { fast: { rps: Math.max(r.sides.app.rps, r.sides.bare.rps) }, ceiling: r.sides.ceiling },
    })),
  };
  const figures = {
    throughput: ratios(run, 'app', 'bare', 'rps'),
    p99: ratios(run, 'app', 'bare', 'p99'),
    selfCheck: ratios(run, 'bare+20%', 'bare', 'rps'),
    ofCeiling: ratios(fast, 'fast', 'ceiling', 'rps'),
    cpu: ratios(run, 'app', 'bare', 'cpuMicros'),
    databaseCpu: ratios(run, 'app', 'bare', 'pgMicros'),
    loads: run.rounds.map((r) => r.load1),
  };
  const failed = (name) => run.rounds.reduce((s, r) => s + r.sides[name].failed, 0);
  const fmt = (s) => `${s.median}x (min ${s.min}, max ${s.max})`;
  console.log(`load average per round: ${figures.loads.join(', ')}`);
  console.log(`app CPU time per request: ${fmt(figures.cpu)} the bare server's`);
  console.log(`PostgreSQL's CPU time per request of the app: ${fmt(figures.databaseCpu)} that for the bare server`);
  const targets = [
    {
      what: 'generator: the faster side <= 0.5x the generator ceiling',
      measured: fmt(figures.ofCeiling),
      met: figures.ofCeiling.median <= 0.5,
    },
    {
      what: 'self-check: bare + 20% cost <= 0.85x bare',
      measured: fmt(figures.selfCheck),
      met: figures.selfCheck.median <= 0.85,
    },
    {
      what: `throughput >= ${throughputAtLeast}x the bare server`,
      measured: fmt(figures.throughput),
      met: figures.throughput.median >= throughputAtLeast,
    },
    ...(p99AtMost === undefined
      ? []
      : [
          {
            what: `p99 <= ${p99AtMost}x the bare server`,
            measured: fmt(figures.p99),
            met: figures.p99.median <= p99AtMost,
          },
        ]),
    {
      what: 'no failed request',
      measured: `${failed('app')} app, ${failed('bare')} bare`,
      met: failed('app') === 0 && failed('bare') === 0,
    },
  ];
  return { targets, figures };
}

/**
 * Starts what an app-vs-bare bench compares the app with: the bare server (`bareScript` with `bareEnv`), the same
 * server with the self-check's fixed cost, and the do-nothing server; prints the generator's ceiling. Pushes each
 * process's stop onto `stops`. With BENCH_PIN=1 each of them and the app run on the servers' CPU (placement.mjs), the
 * do-nothing server too: the ceiling is then what the generator does from where it runs in the rounds. Answers the
 * sides for sideBySide (ceiling, bare, app, bare+20%) and the figures.
 */
export async function startComparison({ app, bareScript, bareEnv, requests, connections, stops }) {
  placeServer(app.pid);
  const bare = await startProcess(bareScript, bareEnv);
  stops.unshift(() => bare.stop());
  placeServer(bare.pid);
  const trivial = await startTrivialServer();
  stops.unshift(() => trivial.stop());
  placeServer(trivial.pid);
  // The self-check's fixed cost: 20% of the CPU a request of the bare server costs, its database's included, measured
  // once the server is warm (measured cold, its first seconds of compiling read twice its CPU per request).
  await load({ port: bare.port, requests, connections, seconds: 2 });
  const extra = await extraCostMicros(bare, { requests, connections, seconds: 3 });
  const bareSlow = await startProcess(bareScript, { ...bareEnv, EXTRA_COST_MICROS: String(extra) });
  stops.unshift(() => bareSlow.stop());
  placeServer(bareSlow.pid);
  const ceiling = await load({ port: trivial.port, requests, connections, seconds: 3 });
  console.log(
    `generator ceiling (a server doing nothing): ${ceiling.rps} req/s, load average ${loadavg()[0].toFixed(2)}; ` +
      `self-check cost ${extra} µs of CPU per request`,
  );
  return {
    bare,
    extraCostMicros: extra,
    ceilingFirst: ceiling.rps,
    sides: [
      { name: 'ceiling', port: trivial.port },
      { name: 'bare', port: bare.port, pid: bare.pid },
      { name: 'app', port: Number(new URL(app.url).port), pid: app.pid },
      { name: 'bare+20%', port: bareSlow.port, pid: bareSlow.pid },
    ],
  };
}
