// Starts the built server for a benchmark as production starts it (`npm start`: `node [its flags]
// dist/node/server/main.js`, jobs on, logs at the default level, info), on a fresh PostgreSQL database
// (BENCH_DATABASE_URL's server, default the local one) or PGlite, with the sandbox provider. NODE_ENV stays unset:
// production refuses the sandbox provider and asks for SMTP (config.ts), and otherwise only adds the sandbox console
// and dev mailbox routes. Its log goes to a file, as a production process manager would take it, not to the
// terminal. Answers { url, pid, logFile, startedAt, stop }.
import { spawn, execSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function freshPostgres(name = 'bench') {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = `hg_${name}_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database "${db}"`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${db}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists "${db}" with (force)`);
      await d.end();
    },
  };
}

/**
 * The node flags `npm start` runs the server with (package.json; the heap cap of decision 028), then
 * BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the server's time goes, or
 * "--import=./bench/lib/memory-probe.mjs" to see where its memory is (later flags win).
 */
export function nodeArgs() {
  return [...startFlags(), ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ')].filter(Boolean);
}

/** BENCH_SERVER_ENV (JSON), e.g. '{"MALLOC_ARENA_MAX":"2"}': a runtime setting tried without editing a bench. */
export const benchServerEnv = () => JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}');

/**
 * The node flags of `npm start`, then BENCH_RUNTIME_FLAGS (e.g. "--max-semi-space-size=8", to try a runtime tuning
 * before putting it in package.json): the bare servers run with them too, so runtime tuning is on both sides.
 */
export function startFlags() {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8'));
  const start = /\bnode ((?:--\S+ )*)dist\/node\/server\/main\.js/.exec(scripts.start);
  if (!start) throw new Error("package.json's start script no longer runs `node [flags] dist/node/server/main.js`");
  return [...start[1].split(' '), ...(process.env.BENCH_RUNTIME_FLAGS ?? '').split(' ')].filter(Boolean);
}

/**
 * The environment the built server runs with in a bench: its port and public URL, its own data directory, the
 * database (pool 20) when given, and no limit on gift starts from the one client address every request comes from
 * (the per-client limit has its own API test).
 */
export function serverEnv({ port, dataDir, databaseUrl }) {
  return {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    GIFT_STARTS_PER_CLIENT: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: '20' } : {}),
  };
}

/**
 * Waits until `url` answers 2xx, for at most `seconds`; fails at once if `child` (a process, or none for a server in
 * this process) exits meanwhile.
 */
export async function untilAnswering(child, url, seconds, what = 'the server') {
  for (const until = Date.now() + seconds * 1000; Date.now() < until;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) at start`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${seconds} s`);
}

export async function startBuiltServer({ databaseUrl, env = {} } = {}) {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-bench-'));
  const logFile = path.join(dataDir, 'server.log');
  const startedAt = Date.now();
  const child = spawn(process.execPath, [...nodeArgs(), 'dist/node/server/main.js'], {
    env: {
      ...serverEnv({ port, dataDir, databaseUrl }),
      ...env,
      ...benchServerEnv(),
    },
    stdio: ['ignore', openSync(logFile, 'a'), 'inherit'],
  });
  await untilAnswering(child, `${url}/api/health`, 60, `the server (its log: ${logFile})`);
  return {
    url,
    pid: child.pid,
    logFile,
    startedAt,
    // Stopping a server that has stopped answers at once.
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export async function rssMb(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
