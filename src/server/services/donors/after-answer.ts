// Work that runs after the HTTP answer is sent, so the answer's timing cannot reveal what the work found
// (whether a donor account exists). Tracked so shutdown and tests can wait for it.

const pending = new Set<Promise<void>>();

export function runAfterAnswer(work: () => Promise<void>, onError: (error: unknown) => void): void {
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch(onError)
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every scheduled piece of work has finished. */
export async function afterAnswerWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
