// A process's CPU, minor page faults and moves between cores from /proc (Linux), by thread: its main thread (whose
// id is the process's) apart from all its other threads (a worker's, V8's helpers, libuv's pool). Used by
// bench/claim-threads.mjs and bench/log-line-cost.mjs; its stat-line reader by bench/lib/http-bench.mjs.
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
 * Times the scheduler has moved a thread to another core (0 where the kernel does not say): each move leaves its
 * caches behind, which costs most where the shared cache and memory are busy (docs/benchmarks.md, "Session 36").
 */
function migrations(path) {
  try {
    return Number(/se\.nr_migrations\s*:\s*(\d+)/.exec(readFileSync(path, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds (user, system), minor faults and moves between cores so far: `{ main, others }`, each
 * `{ user, system, faults, migrations }`.
 */
export function threadFigures(pid) {
  const main = { user: 0, system: 0, faults: 0, migrations: 0 };
  const others = { user: 0, system: 0, faults: 0, migrations: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let figures;
    try {
      figures = statFigures(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const into = tid === String(pid) ? main : others;
    into.user += figures.user;
    into.system += figures.system;
    into.faults += figures.faults;
    into.migrations += migrations(`/proc/${pid}/task/${tid}/sched`);
  }
  return { main, others };
}
