// The server runs with V8's old space capped at 512 MB (`npm start` passes --max-old-space-size=512): with its
// default limit on a large machine (4 GB here), V8 lets the old space grow to several times what the last full
// collection kept before collecting again, and under the mixed-load bench that put the peak at 306–330 MB resident
// against 209–216 MB with the cap (decision 028, docs/benchmarks.md). Started some other way, production says so.
import { getHeapStatistics } from 'node:v8';

export const HEAP_LIMIT_FLAG = '--max-old-space-size=512';
/**
 * And a 32 MB young-generation semi-space (V8's default is 16 MB): a request's short-lived objects die before a
 * scavenge copies them, ≈ 10 % of a claim lookup's CPU for ≈ 27 MB at the mixed load's peak (decision 028 addendum).
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=32';
/**
 * And no memory reducer: after a few idle seconds V8's memory reducer runs full collections to shrink the heap, and a
 * process that went through them was left creating Node's own per-tick objects (process.nextTick, on every request's
 * stream path) through V8's runtime instead of its optimized code, ≈ 2.8 µs more per request for the rest of its life
 * (decision 031, docs/benchmarks.md "Session 14"). The old-space cap above still bounds the heap.
 */
export const MEMORY_REDUCER_FLAG = '--no-memory-reducer';
/**
 * And the object maps that optimized code relies on are kept alive, not dropped after two old-space collections in
 * which no object used them: the tick object's map was one, and with it gone every tick object of the process's life
 * was built through V8's runtime (bench/tick-map-retention.mjs shows it without the app; decision 032).
 */
export const MAP_RETENTION_FLAG = '--retain-maps-for-n-gc=1000000';
/**
 * And no allocation-site pretenuring: while the server starts, nearly everything it makes survives, so V8 marks the
 * allocation sites it sees then to allocate straight into the old space, and keeps doing so for the requests' objects
 * made at the same sites, which die within milliseconds but are then freed only by full collections. Under the claim
 * load that promoted 0.54 MB per scavenge and ran 21 full collections a minute; without it 0.01 MB and none
 * (bench/claim-promotion.mjs, decision 033).
 */
export const PRETENURING_FLAG = '--no-allocation-site-pretenuring';

/** From this heap limit V8 grows the old space the most between full collections (the 4 GB default is above). */
const GENEROUS_LIMIT_MB = 2048;

/** For the start-up log: a warning when the process runs with V8's generous default heap limit. */
export function heapLimitNotice(heapSizeLimitBytes = getHeapStatistics().heap_size_limit): string | null {
  const mb = Math.round(heapSizeLimitBytes / 1024 / 1024);
  if (mb < GENEROUS_LIMIT_MB) return null;
  return (
    `V8's heap limit is ${mb} MB: the heap grows to several times its live data between full collections. ` +
    `Start with npm start or node ${HEAP_LIMIT_FLAG} (docs/decisions/028-heap-limit.md)`
  );
}
