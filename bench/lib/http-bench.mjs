// Side-by-side HTTP load for the benches that compare the app with a bare server (issue 27): a generator that is
// not itself the limit (bench/lib/load-generator.mjs, requests built before the run), its ceiling measured against
// a server that does nothing (bench/lib/trivial-server.mjs), and rounds that alternate every side so each sees
// the same machine load. Ratios are taken round by round and summarised as min / median / max.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** Starts a bench server script in its own process; it sends { port } on its IPC channel once listening. */
export async function startProcess(script, env = {}) {
  const child = fork(script, [], {
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
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export const startTrivialServer = () => startProcess('bench/lib/trivial-server.mjs');

/** GET requests as raw HTTP/1.1 text, built once before any run. */
export const getRequests = (paths) => paths.map((p) => `GET ${p} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const round1 = (n) => Math.round(n * 10) / 10;

/**
 * One load run: `connections` keep-alive connections spread over `processes` generator processes (1 by default:
 * on 2 cores a second one only takes CPU from the servers), each sending the next prepared request as soon as the
 * previous answer is read. Answers { rps, p50, p99, count, failed (errors + non-2xx), statuses }.
 */
export async function load({ port, requests, connections, seconds, processes = 1 }) {
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
          offset: k * 997,
        });
      });
    }),
  );
  const count = results.reduce((s, r) => s + r.count, 0);
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
 * Rounds alternating every side (in the order given), `seconds` each, after a warm-up of every side. Answers
 * { rounds: [{ load1, sides: { name: result } }] } with the 1-minute load average read before each round.
 */
export async function sideBySide({
  sides,
  requests,
  connections,
  rounds,
  seconds,
  warmupSeconds = 2,
  log = console.log,
}) {
  for (const side of sides) {
    await load({ port: side.port, requests: side.requests ?? requests, connections, seconds: warmupSeconds });
  }
  const out = [];
  for (let i = 0; i < rounds; i++) {
    const round = { load1: Number(loadavg()[0].toFixed(2)), sides: {} };
    for (const side of sides) {
      const cpuBefore = side.pid ? cpuSeconds(side.pid) : 0;
      const result = await load({ port: side.port, requests: side.requests ?? requests, connections, seconds });
      // The server's own CPU time per answer: unlike req/s, it barely moves with the machine's load.
      if (side.pid) result.cpuMicros = Math.round(((cpuSeconds(side.pid) - cpuBefore) / result.count) * 1e6);
      round.sides[side.name] = result;
    }
    log(
      `round ${i + 1}/${rounds} (load ${round.load1}): ` +
        sides
          .map((s) => {
            const r = round.sides[s.name];
            return `${s.name} ${r.rps} req/s p99 ${r.p99} ms${r.cpuMicros ? ` ${r.cpuMicros} µs CPU/req` : ''}`;
          })
          .join(', '),
    );
    out.push(round);
  }
  return { rounds: out };
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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second)
}

/**
 * The self-check's fixed cost: `share` of the CPU time the server spends per request, measured over one load run
 * (its own work, not the time requests wait on a busy machine).
 */
export async function extraCostMicros(server, loadOptions, share = 0.2) {
  const before = cpuSeconds(server.pid);
  const result = await load({ ...loadOptions, port: server.port });
  const perRequest = (cpuSeconds(server.pid) - before) / result.count;
  return Math.round(perRequest * 1e6 * share);
}
