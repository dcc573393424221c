// How much of a server's CPU per request goes to V8 building object literals through its runtime instead of its
// optimized code: the slow state of decision 032, which a process enters (Node's tick object literal turned
// megamorphic) and keeps for its life. Sampled by Linux perf (Debian package linux-perf) during a few seconds of
// load; V8's runtime functions are named from the node binary itself, no perf map needed. Session 26 found a process
// in this state spending 13–22 % more per lookup (docs/benchmarks.md).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from './http-bench.mjs';

const HZ = 2000;
// The runtime entry, the object migration it makes and the feedback it reads each time.
const SYMBOLS = ['Runtime_DefineKeyedOwnPropertyInLiteral', 'JSObject::MigrateToMap', 'FeedbackNexus::'];

const havePerf = () => {
  try {
    execFileSync('perf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** µs per request in the slow literal path of process `pid`, under `seconds` of load on `port`; null without perf. */
export async function slowLiteralMicros({ pid, port, requests, connections = 64, seconds = 3 }) {
  if (!havePerf()) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-slow-literals-'));
  const data = path.join(dir, 'perf.data');
  const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', String(HZ), '-p', String(pid), '-o', data], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => perf.once('exit', resolve));
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { count } = await load({ port, requests, connections, seconds });
    perf.kill('SIGINT');
    await exited;
    const report = execFileSync(
      'perf',
      ['report', '-i', data, '--no-children', '--sort', 'sym', '--stdio', '-q', '-n'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let samples = 0;
    for (const line of report.split('\n')) {
      if (SYMBOLS.some((s) => line.includes(s))) samples += Number(line.trim().split(/\s+/)[1]);
    }
    return Math.round((samples / HZ / count) * 1e8) / 100;
  } finally {
    // Also when the load failed: perf stops and its data goes (a no-op kill once it has exited).
    perf.kill('SIGINT');
    rmSync(dir, { recursive: true, force: true });
  }
}
