// Rendering the share page per request leaves the server's process without promise hooks (app-page.tsx,
// renderAppPageInProcess). React's streaming renderers run each render inside an AsyncLocalStorage, which on
// Node.js 20 turns promise hooks on for the rest of the process's life and makes every later request's promises
// cost more (docs/benchmarks.md, "Session 13"). Each check runs in a fresh node process with the built renderer, as
// the server loads it: a promise continuation there has async id 0 unless promise hooks are on. The app reports the
// same in its metrics (hushgift_promise_hooks_on), checked after its pages. Needs the build.
import { execFileSync, execSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AsyncLocalStorage } from 'node:async_hooks';
import { scrape } from '../helpers/metrics.js';
import { describeEachEngine } from '../helpers/test-app.js';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const clientDir = path.resolve(import.meta.dirname, '../../dist/client');
const renderer = pathToFileURL(path.resolve(import.meta.dirname, '../../dist/ssr/together-share-page.js')).href;

interface Outcome {
  /** executionAsyncId() in two promise continuations after the renders: 0 and 0 without promise hooks. */
  ids: number[];
  html?: string[];
}

/** Runs `body` (an ES module's top level, which may await) in a fresh node process; it ends with report(value). */
function inFreshProcess(body: string): Outcome {
  const script = `
    import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
    const continuationId = async () => { await null; return executionAsyncId(); };
    const report = async (extra) =>
      console.log(JSON.stringify({ ids: [await continuationId(), await continuationId()], ...extra }));
    ${body}`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Outcome;
}

const TOKEN = 'S'.repeat(43);
const PAGE = {
  state: 'open',
  recipientFirstName: 'Ada',
  personalNote: 'From the <whole> choir',
  contributions: 2,
  goalProgressPercent: 40,
  deadlineAt: '2030-01-01T00:00:00.000Z',
};

describe('the share page rendered per request', () => {
  it('sees promise hooks once an AsyncLocalStorage has run (the check can see what it looks for)', () => {
    expect(inFreshProcess('await report({});').ids).toEqual([0, 0]);
    const after = inFreshProcess('new AsyncLocalStorage().run(1, () => {}); await report({});');
    expect(after.ids.every((id) => id > 0)).toBe(true);
  });

  it('renders the page, first time and after, without turning promise hooks on', () => {
    const outcome = inFreshProcess(`
      const { renderSharePage } = await import(${JSON.stringify(renderer)});
      const input = { url: '/together/${TOKEN}', token: '${TOKEN}', page: ${JSON.stringify(PAGE)} };
      const first = await renderSharePage(input);
      const second = await renderSharePage(input);
      await report({ html: [first.html, second.html] });`);
    expect(outcome.ids).toEqual([0, 0]);
    const [first, second] = outcome.html!;
    // The page itself, not a loading state: the lazy page chunk was waited for on the first render.
    expect(first).toContain('Ada');
    expect(first).toContain('From the &lt;whole&gt; choir');
    expect(first).not.toContain('<!--$!-->');
    expect(second).toBe(first);
  });
});

describeEachEngine(
  'the promise hooks metric',
  (ctx) => {
    it("reads 0 after the app's pages and calls, and 1 while an AsyncLocalStorage is enabled", async () => {
      // The pages rendered per request (a claim page, a share page with no gift behind it, the contact page) and
      // an API call: none may turn promise hooks on.
      for (const url of ['/claim/unknown', `/together/${TOKEN}`, '/contact', '/api/health']) {
        const res = await ctx().app.inject({ method: 'GET', url });
        expect(res.headers['content-type']).toMatch(url.startsWith('/api') ? /json/ : /^text\/html/);
      }
      expect(await scrape(ctx(), 'hushgift_promise_hooks_on')).toBe(0);
      const storage = new AsyncLocalStorage<number>();
      storage.run(1, () => {});
      try {
        expect(await scrape(ctx(), 'hushgift_promise_hooks_on')).toBe(1);
      } finally {
        storage.disable();
      }
      expect(await scrape(ctx(), 'hushgift_promise_hooks_on')).toBe(0);
    });
  },
  { config: { clientDir } },
);
