// Where an app-against-bare bench runs its processes, when BENCH_PIN=1: each server under test on the machine's last
// CPU, and PostgreSQL with the bench's own process (hence its load generators, forked from it) on the others, as in
// production, where the database and the load are not on the server's cores. Placed, a claim lookup cost the bare
// server 33-36 µs of main-thread CPU and PostgreSQL 42-43 µs, against 42 and 55 µs left to the scheduler in the same
// hour (docs/benchmarks.md, "Session 32"). Off by default: the benches' verdicts so far were taken unplaced, and
// placement has not been shown to change one. With one CPU there is nothing to place.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { postgresPids } from './thread-figures.mjs';

const cpus = os.availableParallelism();
const on = process.env.BENCH_PIN === '1' && cpus >= 2;
const serverCpus = String(cpus - 1);
const otherCpus = cpus === 2 ? '0' : `0-${cpus - 2}`;
const everyCpu = `0-${cpus - 1}`;

/** Every thread of `pid` onto `list` (taskset, util-linux). */
const pin = (pid, list) => execFileSync('taskset', ['-a', '-p', '-c', list, String(pid)], { stdio: 'ignore' });

/** Every thread of `pid` onto `list`, unless the process has ended (a PostgreSQL session, a server already stopped). */
function tryPin(pid, list) {
  try {
    pin(pid, list);
  } catch {
    // ended in between
  }
}

/** Whether this run places its processes, and where: printed in a bench's header. */
export const placementText = () =>
  on ? `servers on CPU ${serverCpus}, PostgreSQL and the generator on CPU ${otherCpus}` : 'placed by the scheduler';

/** A server under test (the app, a bare server, the do-nothing server) onto the servers' CPU. */
export function placeServer(pid) {
  if (on) pin(pid, serverCpus);
}

/**
 * This process and every PostgreSQL process onto the other CPUs (sessions opened later inherit the postmaster's), and
 * the servers already started (`serverPids`) onto theirs. Answers what undoes it, which the bench runs when it stops:
 * PostgreSQL outlives the bench, and other work on the machine (a test run) must have every CPU again.
 */
export function placeBenchAndDatabase(serverPids = []) {
  if (!on) return () => {};
  placeAll(serverPids, true);
  return () => {
    for (const pid of postgresPids()) tryPin(pid, everyCpu);
  };
}

/**
 * The servers, this process (whose load generators are forked later) and PostgreSQL placed as BENCH_PIN=1 places
 * them, or all of them on every CPU: also for benches that compare placed and unplaced within one run
 * (bench/claim-threads.mjs, BENCH_PIN_ALTERNATE=1). With one CPU there is nothing to place.
 */
export function placeAll(serverPids, placed) {
  if (cpus < 2) return;
  pin(process.pid, placed ? otherCpus : everyCpu);
  for (const pid of postgresPids()) tryPin(pid, placed ? otherCpus : everyCpu);
  for (const pid of serverPids) tryPin(pid, placed ? serverCpus : everyCpu);
}
