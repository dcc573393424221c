// Where a server's resident memory is, sampled from inside it: preload it into the server under a bench with
//   BENCH_SERVER_NODE_ARGS="--import=./bench/lib/memory-probe.mjs" BENCH_SERVER_ENV='{"MEMORY_PROBE_FILE":"/tmp/m.jsonl"}'
// and every 500 ms it appends one JSON line: RSS split by what holds it, read from /proc/self/smaps, beside V8's own
// figures, and the process's CPU time and garbage-collection pauses so far. The classes: `file` (the node binary and
// libraries, mapped from disk), `v8` (V8's heap pages, by V8's own physical size), `glibcThreadArenas` (malloc of
// threads other than the main one: V8's compiler and GC workers, libuv's pool), `glibcMainHeap` (the brk heap: the
// main thread's malloc, Buffers' backing stores), `stacks`, and `otherAnon`: the anonymous memory left, mostly
// argon2's working memory (19 MiB per running hash, from the mimalloc that @node-rs/argon2 bundles, which returns it
// when the hash ends), with glibc's mmapped chunks and what V8 maps outside its heap.
// Summarise a run: node bench/lib/memory-probe.mjs <file.jsonl> (the sample at peak RSS, and each class's peak).
import { appendFileSync, readFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';

const MiB = 1024 * 1024;
const GLIBC_HEAP = 64 * MiB; // a glibc thread arena's heap: a 64 MiB-aligned reservation, committed as it grows

function readSmaps() {
  const maps = [];
  let current;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      current = {
        start: parseInt(head[1], 16),
        end: parseInt(head[2], 16),
        perm: head[3],
        inode: head[4],
        path: head[5],
        rss: 0,
      };
      maps.push(current);
    } else if (current && line.startsWith('Rss:')) {
      current.rss = Number(/(\d+)/.exec(line)[1]) * 1024;
    }
  }
  return maps;
}

// What the heap settings cost: time in garbage collection (pauses on the main thread) and major collections.
const gc = { ms: 0, major: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gc.ms += e.duration;
    if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
  }
}).observe({ entryTypes: ['gc'] });

export function sample() {
  const maps = readSmaps();
  const by = { file: 0, glibcMainHeap: 0, glibcThreadArenas: 0, stacks: 0, anon: 0 };
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i];
    const size = m.end - m.start;
    if (m.inode !== '0') by.file += m.rss;
    else if (m.path === '[heap]') by.glibcMainHeap += m.rss;
    else if (m.path.startsWith('[stack')) by.stacks += m.rss;
    else if (m.path.startsWith('['))
      by.file += m.rss; // vdso, vvar
    else if (
      m.start % GLIBC_HEAP === 0 &&
      m.perm.startsWith('rw') &&
      (size === GLIBC_HEAP || (maps[i + 1]?.start === m.end && maps[i + 1].end - m.start === GLIBC_HEAP))
    )
      by.glibcThreadArenas += m.rss;
    else by.anon += m.rss;
  }
  const heap = v8.getHeapStatistics();
  const mem = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.physical_space_size / MiB)]),
  );
  const mb = (n) => Math.round(n / MiB);
  const v8Physical = heap.total_physical_size;
  return {
    t: Date.now(),
    rss: mb(mem.rss),
    file: mb(by.file),
    v8: mb(v8Physical),
    glibcThreadArenas: mb(by.glibcThreadArenas),
    glibcMainHeap: mb(by.glibcMainHeap),
    stacks: mb(by.stacks),
    // V8's pages are anonymous mappings outside the classes above.
    otherAnon: mb(by.anon - v8Physical),
    heapUsed: mb(heap.used_heap_size),
    heapTotal: mb(heap.total_heap_size),
    external: mb(mem.external),
    arrayBuffers: mb(mem.arrayBuffers),
    cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
    gcMs: Math.round(gc.ms),
    gcMajor: gc.major,
    spaces,
  };
}

const file = process.env.MEMORY_PROBE_FILE;
if (file && process.argv[1] !== new URL(import.meta.url).pathname) {
  setInterval(() => appendFileSync(file, `${JSON.stringify(sample())}\n`), 500).unref();
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const rows = readFileSync(process.argv[2], 'utf8').trim().split('\n').map(JSON.parse);
  const peak = rows.reduce((a, b) => (b.rss > a.rss ? b : a));
  console.log(`${rows.length} samples; at peak RSS:`);
  console.log(JSON.stringify(peak));
  const keys = Object.keys(peak).filter((k) => typeof peak[k] === 'number' && k !== 't');
  console.log('each class at its own peak (MB):');
  console.log(JSON.stringify(Object.fromEntries(keys.map((k) => [k, Math.max(...rows.map((r) => r[k]))]))));
}
