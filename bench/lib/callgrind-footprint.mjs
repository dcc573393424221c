// The code a claim lookup runs, as bytes of machine code rather than instructions: the 64-byte lines of code that
// ran at least once per lookup on average, from a callgrind dump made with --dump-instr=yes. Two paths of the same
// instruction count can differ in how much code they walk through, and a path that walks through more misses more in
// the instruction caches, the more so when another thread shares them (docs/benchmarks.md, "Session 39").
// Split by where the code lives: V8's compiled JavaScript (no file), Node's own binary (its builtins and C++), and the
// rest; with a perf map (node --perf-basic-prof) the compiled JavaScript is also named by function.
import { existsSync, readFileSync } from 'node:fs';

const LINE = 64;

/**
 * A name as callgrind compresses it: "fn=(12) name" (or a call's "cfn=(12) name") defines 12, a later "fn=(12)" refers
 * to it. Answers the name the line gives or refers to; `names` keeps the definitions.
 */
function compressedName(line, names) {
  const m = /^c?\w+=\((\d+)\)(?: (.*))?$/.exec(line);
  if (!m) return line.slice(line.indexOf('=') + 1);
  if (m[2] !== undefined) names.set(m[1], m[2]);
  return names.get(m[1]) ?? m[1];
}

/**
 * Instructions run per code address in a callgrind dump (`positions: instr line`, one thread), each with its object
 * file, leaving out the functions `leaveOut` matches. A `calls=` line is followed by the call's inclusive cost, which
 * is not the caller's own and is skipped.
 */
function costsByAddress(file, leaveOut) {
  const costs = new Map();
  const objects = new Map();
  const objectNames = new Map();
  const functionNames = new Map();
  let object = '';
  let leftOut = false;
  let last = 0;
  let skipNext = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('ob=')) object = compressedName(line, objectNames);
    else if (line.startsWith('cob=')) compressedName(line, objectNames);
    else if (line.startsWith('fn=')) leftOut = leaveOut?.test(compressedName(line, functionNames)) ?? false;
    else if (line.startsWith('cfn=')) compressedName(line, functionNames);
    else if (line.startsWith('calls=')) skipNext = true;
    else if (/^[\d+*-]/.test(line)) {
      const [position, , cost] = line.split(' ');
      last = addressOf(position, last);
      if (skipNext) {
        skipNext = false;
        continue;
      }
      if (leftOut) continue;
      costs.set(last, (costs.get(last) ?? 0) + Number(cost ?? 0));
      objects.set(last, object);
    }
  }
  return { costs, objects };
}

/** A position as callgrind compresses it: absolute, relative to the last one (+n, -n), or the same (*). */
function addressOf(text, last) {
  if (text === '*') return last;
  if (text[0] === '+') return last + Number(text.slice(1));
  if (text[0] === '-') return last - Number(text.slice(1));
  return Number(text);
}

/** Where a piece of code lives: compiled JavaScript has no object file (callgrind writes ???). */
function placeOf(object) {
  if (object === '???' || object === '') return 'JavaScript';
  if (object.endsWith('/node')) return 'node';
  return 'other';
}

/**
 * A perf map's entries (start, size, name), to name compiled JavaScript. V8 reuses the room of code it has thrown
 * away, so of the entries that hold an address the one written last is the code that ran.
 */
function perfMap(pid) {
  const file = `/tmp/perf-${pid}.map`;
  if (!existsSync(file)) return undefined;
  const entries = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [start, size, ...name] = line.split(' ');
    if (!size) continue;
    entries.push({ start: parseInt(start, 16), size: parseInt(size, 16), name: name.join(' '), order: entries.length });
  }
  const byStart = entries.toSorted((a, b) => a.start - b.start);
  const largest = Math.max(0, ...entries.map((e) => e.size));
  return (address) => {
    let lo = 0;
    let hi = byStart.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (byStart[mid].start <= address) lo = mid + 1;
      else hi = mid - 1;
    }
    let found;
    for (let i = hi; i >= 0 && byStart[i].start > address - largest; i--) {
      const e = byStart[i];
      if (address < e.start + e.size && (!found || e.order > found.order)) found = e;
    }
    // JS:*name is optimised, ^ baseline, ~ interpreted: one function whatever its tier.
    return found?.name.replace(/^JS:[*^~+]?/, '');
  };
}

/**
 * KB of code lines run at least once per lookup (`lookups` counted), in all and by place, and by JavaScript function
 * when `pid` left a perf map; the native functions `leaveOut` matches are not counted.
 */
export function codeFootprint(file, lookups, pid, leaveOut) {
  const { costs, objects } = costsByAddress(file, leaveOut);
  const name = perfMap(pid);
  const lines = { all: new Set(), JavaScript: new Set(), node: new Set(), other: new Set() };
  const byFunction = new Map();
  for (const [address, count] of costs) {
    if (count < lookups) continue;
    const line = Math.floor(address / LINE);
    const place = placeOf(objects.get(address));
    lines.all.add(line);
    lines[place].add(line);
    if (place === 'JavaScript' && name) {
      const fn = name(address) ?? '(unnamed)';
      if (!byFunction.has(fn)) byFunction.set(fn, new Set());
      byFunction.get(fn).add(line);
    }
  }
  const kb = (set) => (set.size * LINE) / 1024;
  return {
    kb: Object.fromEntries(Object.entries(lines).map(([place, set]) => [place, kb(set)])),
    functions: new Map([...byFunction].map(([fn, set]) => [fn, kb(set)])),
  };
}
