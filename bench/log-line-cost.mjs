// What one request line costs, by thread, with no HTTP around it: the built app's logger (createAppLogger, info, to
// a temporary file) is handed LOG_RATE request lines a second (default 6000, about the claim bench's rate) for
// BENCH_DURATION seconds (default 6), as the log controller hands them (http/logging.ts). The same driver with a
// sink that does nothing runs too, after both have warmed up; the difference is the line's cost. Prints CPU µs per
// line on the main thread and on the process's other threads (the log's writer thread among them), from /proc.
// Not a bench with a target: run it by hand, `npm run build && node bench/log-line-cost.mjs` (docs/benchmarks.md,
// "Session 29"). The counts have the kernel's 10 ms tick as their grain: a 6 s run at 6,000 lines a second reads
// to ≈ 0.3 µs per line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadFigures } from './lib/thread-figures.mjs';

const { createAppLogger } = await import('../dist/node/server/http/logging.js');
const RATE = Number(process.env.LOG_RATE ?? 6000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 6);

/** CPU seconds so far of the main thread and of every other thread of this process. */
function threadSeconds() {
  const { main, others } = threadFigures(process.pid);
  return { main: main.user + main.system, other: others.user + others.system };
}

/** Calls `line` RATE times a second for SECONDS; answers the CPU per call by thread and the number of calls. */
async function drive(line) {
  const before = threadSeconds();
  const start = performance.now();
  let count = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.floor(((performance.now() - start) / 1000) * RATE);
      for (; count < due; count++) line(count);
      if (performance.now() - start < SECONDS * 1000) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const after = threadSeconds();
  const micros = (seconds) => (seconds / count) * 1e6;
  return { main: micros(after.main - before.main), other: micros(after.other - before.other), count };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-log-line-'));
try {
  const log = createAppLogger('info', path.join(dir, 'app.log'));
  // The claim lookup's line: a route template's URL, shared by every lookup (logging.ts sharedRedactedUrl).
  const line = (n) => log.requestLines.request(Date.now(), n, 'GET', '/api/gifts/claim/[redacted]', true, 200, 3.2415);
  let sink = 0;
  const idleLine = (n) => {
    sink += n;
  };
  // Both measured after a warm-up of both: V8 compiles the app's modules on helper threads for seconds after they
  // load, and that work would read as the writer's.
  const warmUp = await drive(line);
  await drive(idleLine);
  const idle = await drive(idleLine);
  const lines = await drive(line);
  await log.close();
  const logged = warmUp.count + lines.count;
  const written = readFileSync(path.join(dir, 'app.log'), 'utf8').split('\n').length - 1;
  if (written !== logged) throw new Error(`${logged} lines logged, ${written} written`);
  const r1 = (n) => n.toFixed(1);
  console.log(`${lines.count} lines at ${RATE} a second, all written (driver alone: ${idle.count} calls, sum ${sink})`);
  console.log(`main thread: ${r1(lines.main - idle.main)} µs per line (${r1(lines.main)} with the driver)`);
  console.log(`other threads: ${r1(lines.other - idle.other)} µs per line (${r1(lines.other)} with the driver)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
