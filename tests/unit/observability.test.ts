// Observability settings (metrics never public, load-shedding defaults), the scrape cache, and which pressure sheds.
import { loadConfig } from '../../src/server/config.js';
import { cached } from '../../src/server/observability/cached.js';
import { pressureKind } from '../../src/server/observability/load-shedding.js';

describe('observability configuration', () => {
  it('serves no metrics by default, and loopback only unless a token is set', () => {
    const config = loadConfig({}).observability;
    expect(config.metricsPort).toBeUndefined();
    expect(config.metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464' }).observability.metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(
      'Invalid configuration: METRICS_TOKEN is required when METRICS_HOST is not a loopback address',
    );
    const token = 'x'.repeat(32);
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).observability.metricsToken,
    ).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 24 characters');
  });

  it('sheds load on a 1 s event loop lag or 90% of the heap limit by default; 0 turns a check off', () => {
    const { pressure } = loadConfig({}).observability;
    expect(pressure.maxEventLoopDelayMs).toBe(1000);
    expect(pressure.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(pressure.maxEventLoopUtilization).toBe(0);
    expect(pressure.retryAfterSeconds).toBe(10);
    const off = loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0', PRESSURE_MAX_HEAP_USED_MB: '0' }).observability;
    expect(off.pressure.maxEventLoopDelayMs).toBe(0);
    expect(off.pressure.maxHeapUsedBytes).toBe(0);
    expect(loadConfig({ PRESSURE_MAX_HEAP_USED_MB: '300' }).observability.pressure.maxHeapUsedBytes).toBe(
      300 * 1024 * 1024,
    );
  });
});

describe('cached scrape reads', () => {
  it('shares one read between scrapes within its age and while it runs, and retries after a failure', async () => {
    let reads = 0;
    let fail = false;
    const read = cached(async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (fail) throw new Error('down');
      return reads;
    }, 60_000);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    expect(await read()).toBe(1);
    expect(reads).toBe(1);

    fail = true;
    const expired = cached(async () => {
      reads++;
      if (fail) throw new Error('down');
      return reads;
    }, 0);
    await expect(expired()).rejects.toThrow('down');
    fail = false;
    await expect(expired()).resolves.toBe(reads);
  });
});

describe('which pressure sheds a request', () => {
  const limits = {
    maxEventLoopDelayMs: 1000,
    maxEventLoopUtilization: 0.98,
    maxHeapUsedBytes: 500,
    maxRssBytes: 800,
    retryAfterSeconds: 10,
  };
  const calm = { eventLoopDelay: 5, heapUsed: 100, rssBytes: 200, eventLoopUtilized: 0.5 };

  it("names the limit passed, in under-pressure's order, for the shed metric's reason label", () => {
    expect(pressureKind({ ...calm, eventLoopDelay: 1500, heapUsed: 600 }, limits)).toBe('eventLoopDelay');
    expect(pressureKind({ ...calm, heapUsed: 600, rssBytes: 900 }, limits)).toBe('heapUsedBytes');
    expect(pressureKind({ ...calm, rssBytes: 900 }, limits)).toBe('rssBytes');
    expect(pressureKind({ ...calm, eventLoopUtilized: 0.99 }, limits)).toBe('eventLoopUtilization');
  });

  it('ignores a limit that is off (0)', () => {
    const off = { ...limits, maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 };
    expect(pressureKind({ ...calm, eventLoopDelay: 1500, heapUsed: 600, rssBytes: 900 }, off)).toBe('rssBytes');
  });
});
