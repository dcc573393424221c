// What the young generation hands on to the old space while the app serves claim lookups (decision 033): the built app,
// started as production starts it, under --trace-gc while the bench's load generator sends claim lookups, then per
// scavenge the megabytes promoted (the old generation's growth between two scavenges with no full collection between)
// and the full collections per minute. A request's objects die within milliseconds, so a healthy process promotes
// almost nothing; one whose allocation sites V8 pretenured while it started (when everything made survives) keeps
// allocating those requests' objects in the old space, where only full collections free them.
// Not a bench with a target: run it by hand, `npm run build && node bench/claim-promotion.mjs`, and compare with V8's
// default by adding the flag back: BENCH_SERVER_NODE_ARGS=--allocation-site-pretenuring (later flags win).
// BENCH_DURATION seconds of counted load (default 40) after BENCH_WARMUP (default 20).
import { readFileSync, statSync } from 'node:fs';
import { getRequests, load } from './lib/http-bench.mjs';
import { seedClaimableGifts } from './lib/claim-seed.mjs';
import { freshPostgres, startBuiltServer } from './lib/server.mjs';

const SECONDS = Number(process.env.BENCH_DURATION ?? 40);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
process.env.BENCH_SERVER_NODE_ARGS = `--trace-gc ${process.env.BENCH_SERVER_NODE_ARGS ?? ''}`;

const database = await freshPostgres('claimpromo');
const app = await startBuiltServer({ databaseUrl: database.url });
let result;
let counted;
try {
  const tokens = await seedClaimableGifts(database.url, 2000);
  const requests = getRequests(tokens.map((t) => `/api/gifts/claim/${t}`));
  const port = Number(new URL(app.url).port);
  await load({ port, requests, connections: 64, seconds: WARMUP });
  const from = statSync(app.logFile).size;
  result = await load({ port, requests, connections: 64, seconds: SECONDS });
  counted = readFileSync(app.logFile, 'utf8').slice(from);
} finally {
  await app.stop();
  await database.drop();
}

// "[pid:isolate]  1234 ms: Scavenge 71.8 (119.5) -> 47.0 (119.5) MB, 3.13 / 1.08 ms ..." (heap used before -> after)
const GC_LINE = /: (Scavenge|Mark-Compact)\S* ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, ([\d.]+) \//;
const events = counted
  .split('\n')
  .map((line) => GC_LINE.exec(line))
  .filter(Boolean)
  .map((m) => ({ full: m[1] !== 'Scavenge', after: Number(m[3]), ms: Number(m[4]) }));
const promoted = [];
for (let i = 1; i < events.length; i++) {
  if (!events[i].full && !events[i - 1].full) promoted.push(events[i].after - events[i - 1].after);
}
const scavenges = events.filter((e) => !e.full);
const fulls = events.filter((e) => e.full);
const sum = (xs) => xs.reduce((s, x) => s + x, 0);
console.log(`${result.count} lookups in ${SECONDS} s (${result.rps} req/s, ${result.failed} failed)`);
console.log(
  `${scavenges.length} scavenges, ${(sum(promoted) / Math.max(1, promoted.length)).toFixed(3)} MB promoted per ` +
    `scavenge, ${((sum(scavenges.map((e) => e.ms)) / result.count) * 1000).toFixed(2)} µs of scavenging per lookup`,
);
console.log(
  `${fulls.length} full collections (${((fulls.length * 60) / SECONDS).toFixed(1)} a minute), ` +
    `${sum(fulls.map((e) => e.ms)).toFixed(1)} ms in their final pauses`,
);
