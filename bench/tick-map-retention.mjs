// Why one process of a build can be slower than another for its whole life (docs/benchmarks.md, "Session 15"):
// process.nextTick builds its tick object with computed (symbol) keys, which optimized code builds inline only while
// the literal's feedback holds the one object map it has seen. V8 keeps such a map alive only for a few old-space
// collections after its last object died (--retain-maps-for-n-gc, default 2); a process that collects its old space
// three times while no tick object is alive (quiet, with the memory reducer or other major collections at work)
// loses the map, the next tick object gets a new one, the feedback turns megamorphic, and every tick object from
// then on is built through the runtime (Runtime_DefineKeyedOwnPropertyInLiteral in a profile).
//
// This shows it without the app: nanoseconds per nextTick, warm, then after major collections while idle.
// Not a bench with a target: run it by hand, `node --expose-gc bench/tick-map-retention.mjs [collections] [keep]`
// (default 8; 2 leave it fast, 3 make it slow), and again with --retain-maps-for-n-gc=1000000 to see the tick stay
// cheap. Each collection is followed by half a second of quiet, as a quiet server's would be. `keep` first keeps one
// tick object alive as the server does (the built src/server/tick-shape.ts, decision 039; npm run build), which keeps
// it cheap without the flag too. A heap snapshot's collection, which ignores the flag, is not timed here: after a
// snapshot V8 tracks every object's moves for the process's life, which slows it on its own
// (tests/unit/tick-shape.test.ts checks that route by the literal's feedback instead).
const PER_BATCH = 200_000;
const args = process.argv.slice(2);
const collections = Number(args.find((a) => /^\d+$/.test(a)) ?? 8);
if (args.includes('keep')) (await import('../dist/node/server/tick-shape.js')).keepTickObjectShape();

if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(2);
}

function batch() {
  return new Promise((resolve) => {
    let left = PER_BATCH;
    const done = () => {
      if (--left === 0) resolve();
    };
    for (let i = 0; i < PER_BATCH; i++) process.nextTick(done);
  });
}

async function nsPerTick() {
  const started = process.hrtime.bigint();
  await batch();
  return Number(process.hrtime.bigint() - started) / PER_BATCH;
}

async function median(runs) {
  const values = [];
  for (let i = 0; i < runs; i++) values.push(await nsPerTick());
  return values.sort((a, b) => a - b)[Math.floor(runs / 2)].toFixed(0);
}

const warm = await median(7);
for (let k = 0; k < collections; k++) {
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const after = await median(7);
console.log(`nextTick: ${warm} ns warm, ${after} ns after ${collections} major collections while idle`);
