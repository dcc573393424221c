// A process's CPU and minor page faults by thread, from /proc (Linux): its main thread (whose id is the process's)
// apart from all its other threads (a worker's, V8's helpers, libuv's pool). Used by bench/claim-threads.mjs and
// bench/log-line-cost.mjs.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user, system) and minor faults so far: `{ main, others }`, each `{ user, system, faults }`. */
export function threadFigures(pid) {
  const main = { user: 0, system: 0, faults: 0 };
  const others = { user: 0, system: 0, faults: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let fields;
    try {
      // The fields after the command name, which may itself hold spaces.
      fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const into = tid === String(pid) ? main : others;
    into.user += Number(fields[11]) / 100; // utime, stime in clock ticks (100 a second)
    into.system += Number(fields[12]) / 100;
    into.faults += Number(fields[7]); // minflt
  }
  return { main, others };
}
