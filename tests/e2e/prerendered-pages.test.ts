// The public pages arrive as HTML with their content (prerendered at build time) and React hydrates that HTML:
// no hydration mismatch, the server's nodes are kept, the pages work afterwards, and the draft saved in
// sessionStorage appears on `/` only after hydration. Pages that depend on a session or token keep the shell.
import { AFTER_PAINT_LOADER, AFTER_PAINT_LOADER_CSP } from '../../src/server/http/after-paint-scripts.js';
import type { Page } from 'playwright-core';
import { DRAFT_KEY } from '../../src/client/lib/gift-draft.js';
import { INFO_PAGES } from './helpers/public-pages.js';
import { describeE2E, useBrowser, useServer, waitForHydration } from './helpers/suite.js';
import { startGroup } from './helpers/together.js';

const PRERENDERED = [
  { path: '/', heading: 'Send money anonymously.', title: 'Hushgift — send money anonymously' },
  ...INFO_PAGES,
  { path: '/together/new', heading: 'Give together', title: 'Give together · Hushgift' },
];
// The claim page is rendered on the server per request instead (claim-page.test.ts).
const SHELL_ONLY = [
  `/claim/${'A'.repeat(43)}?return=true`,
  '/admin',
  '/admin/dashboard',
  '/donor/account',
  '/gift/recipient-info',
  '/success',
  '/no-such-page',
];

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*(?:<script[\s\S]*)?<\/body>/.exec(html)?.[1];

/**
 * Before any page script runs: remembers the first <h1> the parser creates and counts nodes taken out of #root,
 * so a test can tell hydration (the server's nodes kept) from a client render that replaced them.
 */
function watchServerDom(): void {
  const w = window as unknown as { firstH1?: Element; rootRemovals: number };
  w.rootRemovals = 0;
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target instanceof Element && r.target.id === 'root') w.rootRemovals += r.removedNodes.length;
      for (const n of Array.from(r.addedNodes)) {
        const h1 = n instanceof Element ? (n.matches('h1') ? n : n.querySelector('h1')) : null;
        if (h1 && !w.firstH1) w.firstH1 = h1;
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Whether the page still shows the server's nodes, now hydrated, and nothing was taken out of #root. */
const serverDomKept = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { firstH1?: Element; rootRemovals: number };
    const h1 = document.querySelector('main h1');
    const hydrated = Object.keys(h1 ?? {}).some((k) => k.startsWith('__reactFiber$'));
    return { same: Boolean(h1) && h1 === w.firstH1, removals: w.rootRemovals, hydrated };
  });

describeE2E('prerendered public pages', () => {
  const browser = useBrowser();
  const server = useServer();

  /**
   * Opens a path (with a gift draft in sessionStorage if given) and waits for hydration, collecting console errors
   * and uncaught page errors: React reports a hydration mismatch as one of them.
   */
  const open = async (path: string, draft?: object) => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    if (draft)
      await page.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), {
        key: DRAFT_KEY,
        value: JSON.stringify(draft),
      });
    await page.addInitScript(watchServerDom);
    await page.goto(server().url + path);
    await waitForHydration(page);
    return { page, errors };
  };

  it('answers each public page with its heading, title and description in the HTML, before any JavaScript', async () => {
    for (const p of PRERENDERED) {
      const res = await fetch(server().url + p.path);
      expect(res.status, p.path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const root = rootOf(html);
      expect(root, p.path).toBeTruthy();
      expect(decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root!)?.[1] ?? ''), p.path).toContain(p.heading);
      expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''), p.path).toBe(p.title);
      // The page's own description, not the shell's generic one.
      expect(/<meta name="description" content="([^"]+)"/.exec(html)?.[1], p.path).not.toMatch(
        /^Send money to someone without saying/,
      );
      // The scripts (the route's chunks, then the entry) are fetched after the first paint by the one inline
      // loader the Content-Security-Policy allows by hash; no other inline script.
      const urls = JSON.parse(
        /<script type="application\/json" id="hg-after-paint">([^<]*)<\/script>/.exec(html)?.[1] ?? '[]',
      ) as string[];
      expect(urls.length, p.path).toBeGreaterThan(1);
      expect(urls.at(-1), p.path).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      const inline = [...html.matchAll(/<script(?: [^>]*)?>([^<]*)<\/script>/g)].filter(
        (m) => !m[0].includes('application/json'),
      );
      expect(
        inline.map((m) => m[1]),
        p.path,
      ).toEqual([AFTER_PAINT_LOADER]);
      expect(res.headers.get('content-security-policy'), p.path).toContain(AFTER_PAINT_LOADER_CSP);
      expect(html.slice(0, html.indexOf('</head>')), p.path).not.toMatch(/<script|modulepreload/);
      // The stylesheet is inlined: the page paints once its HTML has arrived.
      expect(html, p.path).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
      expect(html, p.path).not.toMatch(/<link rel="stylesheet"/);
    }
  });

  it('sends only the site frame for pages that depend on a session, a token or the API, and renders them over it', async () => {
    for (const path of SHELL_ONLY) {
      const res = await fetch(server().url + path);
      const html = await res.text();
      // Header and footer, an empty main; the page's own content is the browser's to render.
      expect(html, path).toContain('<div id="root" data-frame="">');
      expect(html, path).toMatch(/<main id="main" class="[^"]*"><\/main>/);
      expect(html, path).toContain('aria-label="Hushgift home"');
      // The scripts are requested after the frame has painted, by the loader, the entry last.
      expect(html, path).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
      expect(html, path).toMatch(
        /<script type="application\/json" id="hg-after-paint">\[[^\]]*"\/assets\/index-[^"]+\.js"\]<\/script>/,
      );
      expect(html, path).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
      expect(res.headers.get('content-encoding'), path).toMatch(/^(br|gzip)$/);
    }
    for (const path of ['/admin/login', '/gift/recipient-info']) {
      const { page, errors } = await open(path);
      await page.locator('main h1').first().waitFor();
      expect(await page.locator('header').count(), path).toBe(1);
      expect(await page.locator('#root[data-frame] > div > main > *').count(), path).toBeGreaterThan(0);
      // A signed-out admin page's API calls answer 401, which the browser logs; nothing else may be logged.
      expect(
        errors.filter((e) => !/status of 401/.test(e)),
        path,
      ).toEqual([]);
      await page.context().close();
    }
  });

  it('hydrates every public page without errors, keeping the HTML the server sent', async () => {
    for (const p of PRERENDERED) {
      const { page, errors } = await open(p.path);
      expect(await serverDomKept(page), p.path).toEqual({ same: true, removals: 0, hydrated: true });
      await page.waitForFunction((t) => document.title === t, p.title);
      expect(errors, p.path).toEqual([]);
      await page.context().close();
    }
  });

  it('renders the share page on the server with its data, and hydrates it without errors', async () => {
    const { shareToken } = await startGroup(server().url, { goal: '200.00' });
    const path = `/together/${shareToken}`;
    const res = await fetch(server().url + path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(decode(rootOf(html) ?? '')).toContain('A group gift for Rhea');
    expect(html).toContain('<script type="application/json" id="hg-query-seed">');
    expect(html).toMatch(
      /<script type="application\/json" id="hg-after-paint">[^<]*"\/assets\/index-[\w-]+\.js"\]<\/script>/,
    );
    expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/<script|modulepreload/);

    const { page, errors } = await open(path);
    expect(await serverDomKept(page)).toEqual({ same: true, removals: 0, hydrated: true });
    await page.waitForFunction(() => document.title === 'A group gift · Hushgift');
    // The seed was taken into the app's cache (the block is gone).
    expect(await page.locator('#hg-query-seed').count()).toBe(0);
    // The hydrated form works: the figures of an amount (with the usual $1.00 tip).
    await page.getByLabel('Your share in dollars').fill('10');
    await page.getByText('You pay $11.80', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('works after hydration on /: choose an amount and continue to the recipient step', async () => {
    const { page, errors } = await open('/');
    const cont = page.getByRole('button', { name: 'Continue' });
    expect(await cont.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: '$100', exact: true }).check();
    expect(await page.getByRole('radio', { name: '$100', exact: true }).isChecked()).toBe(true);
    await cont.click();
    await page.waitForURL('**/gift/recipient-info');
    expect(await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').amount, DRAFT_KEY)).toBe(100);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the saved draft on / only after hydration, without a mismatch', async () => {
    const { page, errors } = await open('/', { amount: 12.5 });
    const custom = page.getByRole('radio', { name: 'Custom', exact: true });
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#amount-option-custom')?.checked);
    expect(await custom.isChecked()).toBe(true);
    expect(await page.getByLabel('Custom amount ($)').isVisible()).toBe(true);
    expect(await page.getByLabel('Custom amount ($)').inputValue()).toBe('12.5');
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(false);
    expect(await serverDomKept(page)).toEqual({ same: true, removals: 0, hydrated: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('works after hydration on /faq: filter and open an answer', async () => {
    const { page, errors } = await open('/faq');
    await page.getByRole('button', { name: 'Fees & Pricing' }).click();
    const question = page.locator('main li summary', { hasText: 'How much does it cost?' });
    await question.click();
    expect(await question.evaluate((el) => (el.parentElement as HTMLDetailsElement).open)).toBe(true);
    await page.getByText('a $50.00 gift costs $52.80 in total').waitFor();
    expect(await page.locator('main li summary').count()).toBeLessThan(20);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the content with JavaScript turned off, and opens an answer', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server().url + '/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    const question = page.locator('main li summary', { hasText: 'How much does it cost?' });
    expect(await page.getByText('a $50.00 gift costs $52.80 in total').isVisible()).toBe(false);
    await question.click();
    await page.getByText('a $50.00 gift costs $52.80 in total').waitFor();
    // The filter needs its script: shown, and visibly disabled.
    expect(await page.getByRole('button', { name: 'Fees & Pricing' }).isDisabled()).toBe(true);
    await context.close();
  });
});
