// Bytes allocated per claim lookup, by thread, app against the bare server: V8's own count (node --trace-gc-nvp
// prints `allocated=` with every collection, the bytes allocated on that thread's heap since the one before), summed
// between two forced full collections around BENCH_COUNT lookups (default 60,000) after BENCH_WARM (default 20,000).
// Repeatable to about 1 % from run to run, where CPU time per lookup moves by 10–20 % on this shared two-core
// machine: a steady measure of work where time is not (docs/benchmarks.md, "Session 34"). Each heap counts apart: the
// main thread's and, in the app and a bare server with its `log` layer, the log writer's thread
// (http/log-writer-worker.ts). Only the main thread's collections are forced, so another thread's figure can be off
// by what that thread allocated since its last collection before each mark.
// Not a bench with a target: run it by hand, `npm run build && node bench/claim-alloc.mjs`. BENCH_BARE_LAYERS adds
// bare servers with some of the app's own layers (semicolon-separated sets of bench/lib/bare-claim-server.mjs's
// APP_LAYERS); BENCH_SERVER_ENV (JSON) adds environment variables to every server.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getRequests, load, stopChild } from './lib/http-bench.mjs';
import { migratedWithClaimableGifts } from './lib/claim-seed.mjs';
import { benchServerEnv, freePort, freshPostgres, serverEnv, startFlags, untilAnswering } from './lib/server.mjs';

const WARM = Number(process.env.BENCH_WARM ?? 20_000);
const COUNT = Number(process.env.BENCH_COUNT ?? 60_000);
const BARE_LAYERS = (process.env.BENCH_BARE_LAYERS ?? '').split(';').filter(Boolean);
const FLAGS = [...startFlags(), '--trace-gc-nvp', '--expose-gc', '--require=./bench/lib/gc-mark.cjs'];
/** A collection's line in V8's trace, with the address of the heap (the thread) it collected. */
const GC_LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: pause=/;
const ALLOCATED = / allocated=(\d+) /;
const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-claim-alloc-'));

const database = await freshPostgres('claimalloc');
try {
  const { tokens, headers } = await migratedWithClaimableGifts(database.url, 2000);
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  console.log(`${WARM} lookups to warm up, then ${COUNT} counted, 64 connections, 2000 gifts, PostgreSQL`);
  for (const side of ['bare', 'app', ...BARE_LAYERS.map((layers) => `bare+${layers}`)]) {
    const trace = path.join(dir, `${side}.trace`);
    const server = side === 'app' ? await startApp(trace) : await startBare(trace, side.slice(5), headers);
    try {
      await load({ port: server.port, requests, connections: 64, seconds: 3600, total: WARM });
      const from = await marked(server, trace, 0);
      const run = await load({ port: server.port, requests, connections: 64, seconds: 3600, total: COUNT });
      const to = await marked(server, trace, from);
      if (run.failed) throw new Error(`${side}: ${run.failed} of ${run.count} lookups failed`);
      console.log(`${side}: ${perThread(readFileSync(trace, 'utf8').slice(from, to), run.count)}`);
    } finally {
      await server.stop();
    }
  }
} finally {
  await database.drop();
}
console.log(`GC traces: ${dir}`);

/**
 * The app as production starts it (logging at info to standard output). Every server's standard output is
 * line-buffered (stdbuf): V8 writes its trace through C's buffered output, which would otherwise hold a collection's
 * line back past the mark written after it, or split it with the log's batches written to the same file.
 */
async function startApp(trace) {
  const port = await freePort();
  const child = spawn('stdbuf', ['-oL', process.execPath, ...FLAGS, 'dist/node/server/main.js'], {
    env: {
      ...serverEnv({ port, dataDir: mkdtempSync(path.join(dir, 'app-')), databaseUrl: database.url }),
      ...benchServerEnv(),
    },
    stdio: ['ignore', openSync(trace, 'a'), 'inherit'],
  });
  await untilAnswering(child, `http://127.0.0.1:${port}/api/health`, 60, 'the app');
  return { port, child, stop: () => stopChild(child) };
}

/** The bare claim server (bench/lib/bare-claim-server.mjs); the request lines of its `log` layer go to /dev/null. */
async function startBare(trace, layers, headers) {
  const child = spawn('stdbuf', ['-oL', process.execPath, ...FLAGS, 'bench/lib/bare-claim-server.mjs'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: database.url,
      POOL_MAX: '20',
      BARE_HEADERS: JSON.stringify(headers),
      APP_LAYERS: layers,
      LOG_FILE: '/dev/null',
      ...benchServerEnv(),
    },
    stdio: ['ignore', openSync(trace, 'a'), 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bare+${layers} exited (${code}) at start`)));
  });
  return { port, child, stop: () => stopChild(child) };
}

/** Forces a full collection in the server; answers the trace's length once its mark line is written. */
async function marked(server, trace, after) {
  server.child.kill('SIGWINCH');
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = readFileSync(trace, 'utf8');
    const at = text.indexOf('GC-MARK\n', after);
    if (at !== -1) return at + 'GC-MARK\n'.length;
  }
  throw new Error(`no mark in ${trace} after a forced collection`);
}

/** Bytes allocated per lookup on each heap (the main thread's first: the one that allocated most). */
function perThread(text, count) {
  const byHeap = new Map();
  let unread = 0;
  for (const line of text.split('\n')) {
    const heap = GC_LINE.exec(line)?.[1];
    if (!heap) continue;
    const allocated = ALLOCATED.exec(line)?.[1];
    if (allocated === undefined) unread++;
    else byHeap.set(heap, (byHeap.get(heap) ?? 0) + Number(allocated));
  }
  if (unread) throw new Error(`${unread} GC trace lines without their allocated bytes`);
  const [main, ...others] = [...byHeap.values()].sort((a, b) => b - a).map((bytes) => Math.round(bytes / count));
  const rest = others.length ? `, other threads ${others.map((b) => `${b} B`).join(' + ')}` : '';
  return `main thread ${main} B per lookup${rest}`;
}
