// A process's CPU and minor page faults from /proc (Linux), by thread: its main thread (whose id is the process's)
// apart from all its other threads (a worker's, V8's helpers, libuv's pool). Used by bench/claim-threads.mjs and
// bench/log-line-cost.mjs; its stat-line reader by bench/lib/http-bench.mjs.
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

/** CPU seconds (user, system) and minor faults so far: `{ main, others }`, each `{ user, system, faults }`. */
export function threadFigures(pid) {
  const main = { user: 0, system: 0, faults: 0 };
  const others = { user: 0, system: 0, faults: 0 };
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
  }
  return { main, others };
}
