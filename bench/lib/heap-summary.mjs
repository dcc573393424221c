// Summarises a V8 heap snapshot of a server under load: self size by kind of object (node type and constructor, or
// string), the largest first. Take one with BENCH_SERVER_NODE_ARGS="--heapsnapshot-signal=SIGWINCH
// --diagnostic-dir=/tmp/snap", then `kill -WINCH <server pid>` during the run (not SIGUSR2: close-with-grace shuts
// the server down on it). Run: node bench/lib/heap-summary.mjs <file.heapsnapshot> [top]
import { readFileSync } from 'node:fs';

const [file, top = '25'] = process.argv.slice(2);
const snap = JSON.parse(readFileSync(file, 'utf8'));
const fields = snap.snapshot.meta.node_fields;
const types = snap.snapshot.meta.node_types[0];
const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
const step = fields.length;
const groups = new Map();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += step) {
  const type = types[snap.nodes[i + typeAt]];
  const size = snap.nodes[i + sizeAt];
  total += size;
  // Strings are grouped as strings (their text is data); other objects by constructor or native name.
  const name = /string/.test(type) ? '' : snap.strings[snap.nodes[i + nameAt]].slice(0, 60);
  const key = `${type} ${name}`.trim();
  const g = groups.get(key) ?? { key, count: 0, size: 0 };
  g.count++;
  g.size += size;
  groups.set(key, g);
}
const MB = (n) => (n / 1024 / 1024).toFixed(1);
console.log(`${snap.nodes.length / step} objects, ${MB(total)} MB live (self sizes)`);
console.table(
  [...groups.values()]
    .sort((a, b) => b.size - a.size)
    .slice(0, Number(top))
    .map((g) => ({ kind: g.key, count: g.count, MB: MB(g.size) })),
);
