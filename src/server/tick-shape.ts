// Keeps one of Node's own tick objects alive for the life of the process (decision 039).
//
// process.nextTick, on every request's stream path, builds its tick object as a literal with symbol keys. V8's
// optimized code builds it inline only while the literal's feedback still names the object maps it first recorded;
// the first time a tick object gets a different map, that feedback turns megamorphic for good, and every tick object
// from then on is built through V8's runtime (13–22 % more CPU per claim lookup; docs/benchmarks.md, "Session 26").
// Those maps die when no tick object is alive during a full collection that does not retain maps: after a few idle
// collections (decision 032's flag covers that) or in any collection that reduces memory, such as a heap snapshot's,
// which ignores that flag. A live tick object holds its map, and each map holds the one before it, so none can die.
import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/** Captures one tick object (the first made while the hook is on) and keeps it; answers it. Idempotent. */
export function keepTickObjectShape(): object {
  if (kept) return kept;
  // The hook is on only for this one synchronous call: Node hands each new tick object to init hooks as it is made.
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') kept ??= resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  if (!kept) throw new Error('process.nextTick made no tick object for its init hook');
  return kept;
}
