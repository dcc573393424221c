// Instructions per claim lookup, app against the bare server, counted by valgrind's callgrind: repeatable to about
// 1 % from run to run, where CPU time per request moves by 10–20 % on this shared two-core machine, and a side that
// is a little faster also gets more of the machine in a closed-loop run, which makes small differences look large
// (docs/benchmarks.md, "Session 11"). Not a bench with a target: run it by hand to see whether a change to the hot
// path removes work, before the throughput bench (`npm run bench claim`) says what the machine makes of it.
//
// Each server runs under `valgrind --tool=callgrind --instr-atstart=no` (about 5× slower, nothing counted), takes
// BENCH_WARM lookups (default 20,000) so its code is optimised, then counts BENCH_COUNT lookups (default 5,000) and
// prints instructions per lookup, on the main thread and on all threads. Work done per unit of time (timers, the
// load-shedding sampler, the log's batches) is over-counted, since everything runs ~40× slower while counting; the
// scheduled jobs are off for that reason (JOBS_ENABLED=false), the sampler's event-loop-delay histogram work is
// subtracted (samplerCosts below), and runs agree to 0.5–1 %.
// Needs valgrind (Debian package valgrind). Run: node bench/claim-instructions.mjs [app|bare…] (both by default);
// BENCH_SERVER_NODE_ARGS adds node flags to both (e.g. --perf-basic-prof to name JIT frames in the kept
// callgrind.out files), BENCH_SERVER_ENV (JSON) environment variables.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeFootprint } from './lib/callgrind-footprint.mjs';
import { getRequests, load } from './lib/http-bench.mjs';
import { migratedWithClaimableGifts } from './lib/claim-seed.mjs';
import { benchServerEnv, freePort, freshPostgres, nodeArgs, serverEnv, untilAnswering } from './lib/server.mjs';

const WARM = Number(process.env.BENCH_WARM ?? 20_000);
const COUNT = Number(process.env.BENCH_COUNT ?? 5_000);
// BENCH_CACHE_SIM=1 adds valgrind's simulated caches and branch predictor: misses per lookup where the host has no
// hardware counters (`perf stat -e cycles` says "not supported"). About 2x slower again. Valgrind sizes its two cache
// levels from the CPU's own report; other sizes go in place of the 1, e.g. '--LL=1048576,8,64' for a 1 MB L2.
const SIM = Boolean(process.env.BENCH_CACHE_SIM);
const simArgs = SIM
  ? ['--cache-sim=yes', '--branch-sim=yes', ...process.env.BENCH_CACHE_SIM.split(' ').filter((a) => a !== '1')]
  : [];
// BENCH_FOOTPRINT=1 also measures the code each lookup runs through (bench/lib/callgrind-footprint.mjs): KB of
// 64-byte code lines run at least once per lookup on the main thread, by place, and by compiled function when
// BENCH_SERVER_NODE_ARGS=--perf-basic-prof names them.
const FOOTPRINT = Boolean(process.env.BENCH_FOOTPRINT);
const footprintArgs = FOOTPRINT ? ['--dump-instr=yes', '--separate-threads=yes'] : [];
// hdr_histogram's functions: the event-loop sampler's work, left out of the footprint as samplerCosts leaves it out of
// the instruction count.
const SAMPLER_FUNCTIONS = /\bhdr_|all_values_iter/;
const which = process.argv.slice(2).length ? process.argv.slice(2) : ['app', 'bare'];
const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-claim-instructions-'));
// callgrind_control finds a run by a file named after the prefix, the user and $HOST (which the app reads as its
// listening address): it is given the server's own.
const vgdbPrefix = path.join(dir, 'vgdb');

const database = await freshPostgres('claiminstr');
const results = {};
try {
  // Migrated and seeded through a plain start of the app; the counted servers start on the ready database.
  const { tokens, headers } = await migratedWithClaimableGifts(database.url, 2000);
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  for (const side of which) results[side] = await count(side, requests, headers, tokens[0]);
} finally {
  await database.drop();
}
if (results.app && results.bare) {
  const r = (k) => (results.app[k] / results.bare[k]).toFixed(3);
  console.log(`app / bare: main thread ${r('main')}x, all threads ${r('all')}x`);
  if (SIM) {
    const e = (side) => results[side].events;
    const ratios = Object.keys(e('app')).map((k) => `${k} ${(e('app')[k] / e('bare')[k]).toFixed(3)}x`);
    console.log(`app / bare, main thread: ${ratios.join(', ')}`);
  }
}
if (results.app?.footprint && results.bare?.footprint) printFootprints(results.app.footprint, results.bare.footprint);
console.log(`callgrind files (callgrind_annotate): ${dir}`);

/** The app's code per lookup against the bare server's, and the compiled functions that make most of the difference. */
function printFootprints(app, bare) {
  const r = (k) => `${k} ${(app.kb[k] / bare.kb[k]).toFixed(2)}x`;
  console.log(`code run per lookup, app / bare: ${['all', 'JavaScript', 'node'].map(r).join(', ')}`);
  const names = new Set([...app.functions.keys(), ...bare.functions.keys()]);
  const differences = [...names]
    .map((name) => ({ name, app: app.functions.get(name) ?? 0, bare: bare.functions.get(name) ?? 0 }))
    .map((f) => ({ ...f, more: f.app - f.bare }))
    .sort((a, b) => b.more - a.more);
  if (differences.length === 0) return;
  console.log('compiled functions, KB run per lookup (app, bare), largest differences first:');
  for (const f of [...differences.slice(0, 15), ...differences.slice(-5)])
    console.log(
      `  ${f.more >= 0 ? '+' : ''}${f.more.toFixed(1)}  (${f.app.toFixed(1)}, ${f.bare.toFixed(1)})  ${f.name}`,
    );
}

async function count(side, requests, headers, token) {
  const port = await freePort();
  const env = {
    ...serverEnv({ port, dataDir: mkdtempSync(path.join(dir, `${side}-`)), databaseUrl: database.url }),
    // The bare server's pool and the app's answer headers it replays (bench/lib/bare-claim-server.mjs).
    POOL_MAX: '20',
    BARE_HEADERS: JSON.stringify(headers),
    // The scheduled jobs off: their work is per second, not per lookup, and under valgrind (about 40x slower) it
    // landed in the count at random, ±4k per lookup from run to run (docs/benchmarks.md, "Session 12").
    JOBS_ENABLED: 'false',
    // e.g. BENCH_SERVER_ENV='{"LOG_LEVEL":"warn"}' to count the app with a setting changed.
    ...benchServerEnv(),
  };
  const script = side === 'app' ? 'dist/node/server/main.js' : 'bench/lib/bare-claim-server.mjs';
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      ...simArgs,
      ...footprintArgs,
      `--vgdb-prefix=${vgdbPrefix}`,
      `--callgrind-out-file=${dir}/callgrind.out.${side}.%p`,
      process.execPath,
      ...nodeArgs(),
      script,
    ],
    {
      env,
      stdio: [
        'ignore',
        openSync(path.join(dir, `${side}.log`), 'a'),
        openSync(path.join(dir, `${side}.valgrind`), 'a'),
      ],
    },
  );
  // Under valgrind the app's start (migrations, pages) takes minutes.
  await untilAnswering(
    child,
    `${env.PUBLIC_URL}/api/gifts/claim/${token}`,
    600,
    `${side} (see ${dir}/${side}.valgrind)`,
  );
  const control = (...args) =>
    execFileSync('callgrind_control', [`--vgdb-prefix=${vgdbPrefix}`, ...args, String(child.pid)], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOST: env.HOST },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  await load({ port, requests, connections: 64, seconds: 3600, total: WARM });
  control('--instr=on');
  const run = await load({ port, requests, connections: 64, seconds: 3600, total: COUNT });
  const counters = control('-e');
  // A "Totals:" line names the events; then a line per thread, a column per event: "Th 1  230,012,345 …".
  const events = counters
    .match(/Totals:(.+)/)[1]
    .trim()
    .split(/\s+/);
  const threads = [...counters.matchAll(/Th\s*(\d+)((?:\s+[\d,]+)+)/g)].map((m) => {
    const values = m[2].trim().split(/\s+/).map(countOf);
    return { thread: Number(m[1]), events: Object.fromEntries(events.map((e, i) => [e, values[i]])) };
  });
  control('--dump');
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  if (run.failed) throw new Error(`${side}: ${run.failed} of ${run.count} lookups failed`);
  const mainThread = threads.find((t) => t.thread === 1)?.events ?? {};
  const all = threads.reduce((s, t) => s + t.events.Ir, 0);
  // The first dump's file; with threads apart, its main thread's.
  const dump = `${dir}/callgrind.out.${side}.${child.pid}.1${FOOTPRINT ? '-01' : ''}`;
  const sampler = samplerCosts(dump, events);
  // Per lookup on the main thread, each event less the sampler's share.
  const perLookup = Object.fromEntries(events.map((e) => [e, ((mainThread[e] ?? 0) - sampler[e]) / run.count]));
  const figures = { main: perLookup.Ir, all: (all - sampler.Ir) / run.count, events: perLookup };
  const k = (n) => `${Math.round(n / 100) / 10}k`;
  console.log(
    `${side}: ${run.count} lookups counted after ${WARM}: ${k(figures.main)} instructions per lookup on the main ` +
      `thread, ${k(figures.all)} on all threads (less ${k(sampler.Ir / run.count)} of event-loop-delay sampling)`,
  );
  if (SIM) {
    const per = (e) => perLookup[e].toFixed(e === 'Ir' ? 0 : 1);
    console.log(`${side}, main thread, per lookup: ${events.map((e) => `${e} ${per(e)}`).join(', ')}`);
  }
  if (FOOTPRINT) {
    figures.footprint = codeFootprint(dump, run.count, child.pid, SAMPLER_FUNCTIONS);
    const kb = figures.footprint.kb;
    console.log(
      `${side}, main thread: ${kb.all.toFixed(0)} KB of code run per lookup (compiled JavaScript ` +
        `${kb.JavaScript.toFixed(0)}, Node's binary ${kb.node.toFixed(0)}, other ${kb.other.toFixed(0)})`,
    );
  }
  return figures;
}

/**
 * Instructions in the event-loop-delay histograms' periodic work (under-pressure reads the mean and resets its
 * histogram once a second: `hdr_mean` walks every bucket, `hdr_reset` clears them). It is timed work, like the jobs:
 * under valgrind a second holds ≈ 100 lookups, not ≈ 3,000, so it lands in the count at ≈ 9–11k per lookup against
 * ≈ 0.4k at full speed (docs/benchmarks.md, "Session 23"), and is left out of both figures. Read from the dump's
 * inclusive costs; a process without such a histogram (the bare server) has none.
 */
function samplerCosts(file, events) {
  const report = execFileSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // A function's line: a column per event, "1,234 ( 0.5%)", "0" or "." (none), then its name.
  const total = Object.fromEntries(events.map((e) => [e, 0]));
  for (const m of report.matchAll(/^(.*?)\S*:(?:hdr_mean|hdr_reset) /gm)) {
    const values = [...m[1].matchAll(/([\d,]+)(?: \([^)]*\))?|\./g)].map((v) => countOf(v[1] ?? '0'));
    events.forEach((e, i) => (total[e] += values[i] ?? 0));
  }
  return total;
}

/** A count as callgrind prints it, in groups of three digits: "230,012,345". */
function countOf(text) {
  return Number(text.replaceAll(',', ''));
}
