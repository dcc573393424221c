// Whether Node's promise hooks are on in this process. On Node.js 20 an AsyncLocalStorage that has run turns them on
// for as long as it is enabled, and every promise of every request then costs more: one share page rendered with
// React's prerender did that to the claim lookup (+8.7 % instructions, decision 030). A dependency that starts
// doing it shows in the metrics (hushgift_promise_hooks_on) instead of only as a slower process.
import { executionAsyncId } from 'node:async_hooks';

/** A promise continuation runs with async id 0 unless promise hooks are on (tests/unit/promise-hooks.test.ts). */
export async function promiseHooksOn(): Promise<boolean> {
  await null;
  return executionAsyncId() !== 0;
}
