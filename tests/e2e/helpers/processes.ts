// Server processes for crash and multi-instance tests: run the built server until it dies, or wait for a
// database condition while servers run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/smtp.js';

/** Starts the built server with a fault armed and waits until the process dies; answers its signal. */
export async function runUntilKilled(env: Record<string, string>, timeoutMs = 60_000): Promise<{ signal: string | null; output: string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['dist/node/server/main.js'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hg-crash-')),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // Every request comes from one address here; the per-client limit on gift starts has its own API test.
      GIFT_STARTS_PER_CLIENT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the fault was never reached:\n${output}`));
    }, timeoutMs);
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ signal, output });
    });
  });
}

/** Polls until the check answers true. */
export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
