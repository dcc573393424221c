// A read shared by every scrape within its maximum age, and by scrapes arriving while it runs: a scrape never
// starts a heavy query of its own while one is under way or a fresh enough answer is at hand.
export function cached<T>(read: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  let current: { at: number; done: boolean; value: Promise<T> } | undefined;
  return () => {
    if (current && (!current.done || performance.now() - current.at <= maxAgeMs)) return current.value;
    const entry = { at: performance.now(), done: false, value: read() };
    current = entry;
    entry.value.then(
      () => {
        entry.done = true;
        entry.at = performance.now();
      },
      // A failed read is not kept: the next scrape tries again.
      () => {
        if (current === entry) current = undefined;
      },
    );
    return entry.value;
  };
}
