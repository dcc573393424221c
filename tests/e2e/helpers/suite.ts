// One browser per test file; `describeE2E` skips (loudly) without Chromium unless E2E_REQUIRED=1.
import type { Browser, Locator, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './chromium.js';
import { startServer, type RunningServer } from './server.js';

export const describeE2E = (name: string, fn: () => void) => describe.skipIf(!hasChromium)(name, fn);

export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('browser not started');
    return browser;
  };
}

/** The built server for a test file: started before its tests, stopped and its data removed after. */
export function useServer(env: Record<string, string> = {}): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.dispose();
  });
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

/**
 * Waits until React has hydrated a page that arrived prerendered (the public pages): before that its buttons are
 * on screen but a click does nothing, as for a person clicking before the JavaScript arrived. Answers at once for
 * a page the browser renders itself (its #root starts empty; wait for its elements as usual) and for one that
 * loads no app script.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // React keeps its fiber on every DOM node it has hydrated or created; the outermost element is completed last.
  await page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild;
    // A page rendered on the server without the app (the claim page, decision 015) has nothing to hydrate.
    const loadsApp = document.getElementById('hg-after-paint') || document.querySelector('script[type="module"]');
    return !first || !loadsApp || Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** page.goto, then waitForHydration: for tests that act on a page as soon as it has loaded. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** A fresh page at a phone or desktop size, failing the test on any uncaught page error. */
export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return page;
}

/**
 * Holds the app's scripts (/assets/*.js) until the answered function is called: pages paint from their HTML and
 * stay unhydrated, as on a phone whose scripts have not arrived yet. Open pages with `waitUntil: 'commit'` or
 * `'domcontentloaded'` meanwhile: a held script also holds the load event.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    // A request of a page that has meanwhile been left is gone; there is nothing to continue then.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Whether React has hydrated (or rendered) the page's #root yet. */
export const isHydrated = (page: Page) =>
  page.evaluate(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return Boolean(first && Object.keys(first).some((key) => key.startsWith('__reactFiber$')));
  });

/**
 * Focuses a control once it is enabled, for a test that then acts from the keyboard. A disabled button takes no
 * focus, and `focus()` does not wait for it to be enabled; a trial click does.
 */
export async function focusWhenEnabled(control: Locator): Promise<void> {
  await control.click({ trial: true });
  await control.focus();
}
