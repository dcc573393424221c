// Where the app's CPU per claim lookup goes beyond the bare server's, sampled by Linux perf on every thread of each
// process, kernel included (decision 033 found its garbage collection this way): the built app, started as production
// starts it, and the bare server of the claim bench (bench/lib/bare-claim-server.mjs), both with --perf-basic-prof so
// perf names JIT-compiled functions, warmed for BENCH_WARMUP seconds (default 20) each, then BENCH_DURATION seconds
// (default 8) of load each under `perf record -e cpu-clock` (a software clock: no hardware counters needed). Prints
// microseconds per lookup by part (V8 and Node's C++ by kind, JIT-compiled JavaScript, the kernel, libc) and the
// symbols that differ most. Not a bench with a target: run it by hand, `npm run build && node bench/claim-perf.mjs`.
// Needs perf (Debian package linux-perf) and root or kernel.perf_event_paranoid <= 1.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getRequests, load, replayableHeaders, startProcess } from './lib/http-bench.mjs';
import { seedClaimableGifts } from './lib/claim-seed.mjs';
import { placeBenchAndDatabase, placementText } from './lib/placement.mjs';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';

const SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const HZ = 4000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-claim-perf-'));
process.env.BENCH_SERVER_NODE_ARGS = `--perf-basic-prof ${process.env.BENCH_SERVER_NODE_ARGS ?? ''}`;

const database = await freshPostgres('claimperf');
const app = await startBuiltServer({ databaseUrl: database.url });
const counts = {};
try {
  const tokens = await seedClaimableGifts(database.url, 2000);
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  const headers = replayableHeaders(await fetch(`${app.url}/api/gifts/claim/${tokens[0]}`));
  const bareEnv = { DATABASE_URL: database.url, POOL_MAX: '20', BARE_HEADERS: JSON.stringify(headers) };
  const bare = await startProcess('bench/lib/bare-claim-server.mjs', bareEnv, ['--perf-basic-prof']);
  // BENCH_PIN=1 places them as the claim bench would (bench/lib/placement.mjs).
  const release = placeBenchAndDatabase([app.pid, bare.pid]);
  console.log(placementText());
  try {
    const sides = { bare, app: { port: Number(new URL(app.url).port), pid: app.pid } };
    for (const side of Object.values(sides))
      await load({ port: side.port, requests, connections: 64, seconds: WARMUP });
    for (const [name, side] of Object.entries(sides)) {
      const out = path.join(dir, `${name}.data`);
      const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', String(HZ), '-p', String(side.pid), '-o', out], {
        stdio: 'ignore',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const run = await load({ port: side.port, requests, connections: 64, seconds: SECONDS });
      perf.kill('SIGINT');
      await new Promise((resolve) => perf.once('exit', resolve));
      counts[name] = run.count;
      console.log(`${name}: ${run.rps} req/s, ${run.failed} failed`);
    }
  } finally {
    await bare.stop();
    release();
  }
} finally {
  await app.stop();
  await database.drop();
}

/** µs per lookup by "part symbol", from perf's flat report of one side. */
function perLookup(name) {
  const report = execFileSync(
    'perf',
    ['report', '-i', path.join(dir, `${name}.data`), '-n', '--no-children', '--sort', 'dso,sym', '--stdio'],
    { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const out = new Map();
  for (const line of report.split('\n')) {
    const m = /^\s*[\d.]+%\s+(\d+)\s+(\[JIT\] tid \d+|\S+)\s+\[.\]\s+(.*)$/.exec(line);
    if (!m) continue;
    const dso = m[2].startsWith('[JIT]') ? 'js' : m[2];
    const key = `${dso === 'node' ? `node ${kind(m[3])}` : dso}\t${m[3].trim()}`;
    out.set(key, (out.get(key) ?? 0) + (Number(m[1]) * 1e6) / HZ / counts[name]);
  }
  return out;
}

const KINDS = [
  ['gc', /Scaveng|Marking|Sweep|Heap|MemoryAllocator|RecordWrite|Evacuat|FreeList|MemoryChunk|Worklist|Allocat/],
  ['ic', /IC/],
  ['string', /String|Utf8|Flat/],
  ['regexp', /RegExp/],
  ['calls', /Call|Invoke|Entry|Trampoline|Promise|Microtask|Generator|Async/],
  ['compiler', /compiler::|Compile|Baseline|Deopt|Maglev/],
];
const kind = (symbol) => KINDS.find(([, re]) => re.test(symbol))?.[0] ?? 'other';

const appUs = perLookup('app');
const bareUs = perLookup('bare');
const total = (m) => [...m.values()].reduce((s, v) => s + v, 0);
const f = (n) => n.toFixed(2).padStart(7);
console.log(
  `\nCPU µs per lookup: app ${total(appUs).toFixed(1)}, bare ${total(bareUs).toFixed(1)} (${(total(appUs) / total(bareUs)).toFixed(2)}x)`,
);
/** Per part (the key's text before the tab), µs summed. */
function byPart(perSymbol) {
  const out = new Map();
  for (const [key, v] of perSymbol) {
    const part = key.split('\t')[0];
    out.set(part, (out.get(part) ?? 0) + v);
  }
  return out;
}
/** [key, app, bare] for every key of either, the app's largest excess first. */
const byExcess = (a, b) =>
  [...new Set([...a.keys(), ...b.keys()])]
    .map((key) => [key, a.get(key) ?? 0, b.get(key) ?? 0])
    .sort((x, y) => y[1] - y[2] - (x[1] - x[2]));
console.log('    app    bare    diff  part');
for (const [part, a, b] of byExcess(byPart(appUs), byPart(bareUs)).filter(([, a, b]) => a + b > 0.05))
  console.log(`${f(a)} ${f(b)} ${f(a - b)}  ${part}`);
console.log('\n    app    bare    diff  symbols the app spends most more on');
for (const [key, a, b] of byExcess(appUs, bareUs).slice(0, 30))
  console.log(`${f(a)} ${f(b)} ${f(a - b)}  ${key.replace('\t', '  ').slice(0, 140)}`);
console.log(`\nperf data: ${dir}`);
