// A process's CPU, minor page faults, sleeps, preemptions and moves between cores from /proc (Linux), by thread: its
// main thread (whose id is the process's) apart from all its other threads (a worker's, V8's helpers, libuv's pool).
// Used by bench/claim-threads.mjs and bench/log-line-cost.mjs; its stat-line reader by bench/lib/http-bench.mjs.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user, system) and minor faults in a process's (or a thread's) /proc stat line. */
export function statFigures(stat) {
  // The fields after the command name, which may itself hold spaces.
  const fields = stat.split(') ')[1].split(' ');
  return {
    user: Number(fields[11]) / 100, // utime, stime in clock ticks (100 a second)
    system: Number(fields[12]) / 100,
    faults: Number(fields[7]), // minflt
  };
}

/**
 * From a thread's sched file (0 where the kernel does not say): the times the scheduler has moved it to another core
 * (each move leaves its caches behind, which costs most where the shared cache and memory are busy,
 * docs/benchmarks.md, "Session 36"); the times it went to sleep waiting (each a wake-up later: a kernel entry and
 * often a signal to the other core, dear on a paravirtualised guest, "Session 38"); and the times another thread took
 * its core from it.
 */
function schedFigures(path) {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // the thread (or process) ended between the listing and the read
  }
  const field = (name) => Number(new RegExp(`${name}\\s*:\\s*(\\d+)`).exec(text)?.[1] ?? 0);
  return {
    migrations: field('se\\.nr_migrations'),
    sleeps: field('nr_voluntary_switches'),
    preempted: field('nr_involuntary_switches'),
  };
}

/** This machine's PostgreSQL processes, from /proc: none when the database runs elsewhere. */
export function postgresPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8') === 'postgres\n') pids.push(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return pids;
}

/** Times every PostgreSQL process on this machine has gone to sleep waiting so far. */
export const postgresSleeps = () =>
  postgresPids().reduce((total, pid) => total + schedFigures(`/proc/${pid}/sched`).sleeps, 0);

/**
 * CPU seconds (user, system), minor faults, sleeps, preemptions and moves between cores so far: `{ main, others }`,
 * each `{ user, system, faults, sleeps, preempted, migrations }`.
 */
export function threadFigures(pid) {
  const main = { user: 0, system: 0, faults: 0, sleeps: 0, preempted: 0, migrations: 0 };
  const others = { user: 0, system: 0, faults: 0, sleeps: 0, preempted: 0, migrations: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let figures;
    try {
      figures = statFigures(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
    } catch {
      continue; // the thread (or process) ended between the listing and the read
    }
    const into = tid === String(pid) ? main : others;
    into.user += figures.user;
    into.system += figures.system;
    into.faults += figures.faults;
    const sched = schedFigures(`/proc/${pid}/task/${tid}/sched`);
    into.sleeps += sched.sleeps;
    into.preempted += sched.preempted;
    into.migrations += sched.migrations;
  }
  return { main, others };
}
