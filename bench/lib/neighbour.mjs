// A noisy neighbour, to ask whether a slow day's gap is another tenant's use of the caches and memory (so far none
// has singled out the app): a process that, for DUTY of every period (10 ms), either
// streams through 256 MB of memory, one write per cache line (`memory`: it takes the shared cache and the memory bus
// from the servers, as another tenant of the host does), or writes once per 4 KB page of 1 GB (`pages`: each write a
// new page for the address translation to find, a sixty-fourth of the bytes), or only computes in registers (`cpu`:
// the same share of a core, no memory), and sleeps the rest. Started by the benches with BENCH_NEIGHBOUR=memory|pages|
// cpu (startNeighbour below); docs/benchmarks.md, "Session 36" to "Session 38", say what each does to the lookup.
// BENCH_NEIGHBOUR_MB sets its memory, BENCH_NEIGHBOUR_PERIOD_MS its period: with 1 MB every 0.25 ms it takes a core's
// own caches from whatever shares that core, thousands of times a second, as a host's other tenants can.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopChild } from './http-bench.mjs';

const PERIOD_MS = Number(process.env.BENCH_NEIGHBOUR_PERIOD_MS ?? 10);
/** Each kind's memory and the doubles between two writes: a cache line (64 bytes) or a page (4 KB). */
const MEMORY = { memory: { mb: 256, stride: 8 }, pages: { mb: 1024, stride: 512 } };

/**
 * Starts the neighbour BENCH_NEIGHBOUR names (memory, pages or cpu, at BENCH_NEIGHBOUR_DUTY, default 0.4), if any.
 * `pause` and `resume` stop and continue it (SIGSTOP, SIGCONT), so one run can measure with and without it.
 */
export function startNeighbour(kind = process.env.BENCH_NEIGHBOUR, duty = process.env.BENCH_NEIGHBOUR_DUTY ?? '0.4') {
  if (!kind) return { text: 'no neighbour', stop: async () => {}, pause: () => {}, resume: () => {} };
  if (!MEMORY[kind] && kind !== 'cpu') throw new Error(`BENCH_NEIGHBOUR is memory, pages or cpu, not ${kind}`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), kind, duty], { stdio: 'inherit' });
  return {
    text: `a ${kind} neighbour at ${Number(duty) * 100} % of a core`,
    pid: child.pid,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: async () => {
      child.kill('SIGCONT'); // a stopped process would not act on SIGTERM
      await stopChild(child);
    },
  };
}

function run(kind, duty) {
  const { mb: defaultMb, stride } = MEMORY[kind] ?? {};
  const mb = Number(process.env.BENCH_NEIGHBOUR_MB ?? defaultMb ?? 0);
  const memory = mb ? new Float64Array((mb * 1024 * 1024) / 8).fill(1) : undefined;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let at = 0;
  let x = 1;
  for (;;) {
    const start = performance.now();
    while (performance.now() - start < duty * PERIOD_MS) {
      if (memory) {
        for (let k = 0; k < 4096; k++) {
          memory[at] += k;
          at = (at + stride) % memory.length;
        }
      } else {
        for (let k = 0; k < 4096; k++) x = (x * 1103515245 + 12345) % 2147483648;
      }
    }
    if (x === -1) console.log(x); // keeps the computation observable
    Atomics.wait(pause, 0, 0, (1 - duty) * PERIOD_MS);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) run(process.argv[2], Number(process.argv[3]));
