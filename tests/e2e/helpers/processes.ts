// Server processes for crash and multi-instance tests: run the built server until it dies, or wait for a
// database condition while servers run.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnBuiltServer } from './server.js';

/** Starts the built server with a fault armed and waits until the process dies; answers its signal. */
export async function runUntilKilled(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ signal: string | null; output: string }> {
  const { child, output } = await spawnBuiltServer(mkdtempSync(path.join(os.tmpdir(), 'hg-crash-')), env);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the fault was never reached:\n${output()}`));
    }, timeoutMs);
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ signal, output: output() });
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
