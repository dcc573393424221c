// Toasts: at most one at a time; a dismissed toast closes at once and is removed after 1,000,000 ms.
import { TOAST_REMOVE_DELAY_MS } from '../../src/shared/constants.js';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps only the newest toast, and removes a dismissed one after TOAST_REMOVE_DELAY_MS', async () => {
    const store = await import('../../src/client/components/ui/use-toast.js');
    const seen: Array<Array<{ id: string; open: boolean; title?: string }>> = [];
    const stop = store.subscribe((list) => seen.push(list));

    store.toast({ title: 'First' });
    const second = store.toast({ title: 'Second' });
    expect(seen.at(-1)).toHaveLength(1);
    expect(seen.at(-1)![0]).toMatchObject({ title: 'Second', open: true });

    second.dismiss();
    expect(seen.at(-1)![0]).toMatchObject({ title: 'Second', open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(seen.at(-1)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(seen.at(-1)).toHaveLength(0);
    stop();
  });
});
