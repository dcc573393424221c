// promiseHooksOn tells whether Node's promise hooks are on (decision 030): off in a process that never ran an
// AsyncLocalStorage, on while one is enabled, off again once it is disabled.
import { AsyncLocalStorage } from 'node:async_hooks';
import { promiseHooksOn } from '../../src/server/observability/promise-hooks.js';

describe('promiseHooksOn', () => {
  it('is false without an AsyncLocalStorage, true while one is enabled, false once it is disabled', async () => {
    expect(await promiseHooksOn()).toBe(false);
    const storage = new AsyncLocalStorage<number>();
    storage.run(1, () => {});
    try {
      expect(await promiseHooksOn()).toBe(true);
    } finally {
      storage.disable();
    }
    expect(await promiseHooksOn()).toBe(false);
  });
});
