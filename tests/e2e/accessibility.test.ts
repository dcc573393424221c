// Every page of the product: zero axe-core violations (desktop and phone) and no horizontal scroll at 360 px.
// To cover a new page, add it to PAGES (a guard below fails when a router path is missing from the list).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describeE2E, newPage, useBrowser, useServer, waitForHydration } from './helpers/suite.js';
import type { RunningServer } from './helpers/server.js';

interface PageCase {
  /** The router path this case covers (as written in router.tsx). */
  route: string;
  /** The URL to open; defaults to the route. */
  url?: string;
  /** Brings the page into the state to check, after it loaded (fill a form, open a panel…). */
  prepare?: (page: Page, server: RunningServer) => Promise<void>;
  /** Console errors this case provokes on purpose. */
  expectedConsoleErrors?: RegExp;
}

const PAGES: PageCase[] = [
  { route: '/' },
  { route: '/gift/recipient-info' },
  { route: '/gift/personal-message' },
  { route: '/gift/security' },
  { route: '/gift/review' },
  { route: '/gift/review-new' },
  { route: '/success' },
  { route: '/claim/:token', url: '/claim/not-a-real-token' },
  { route: '/gift/claim/:token', url: '/gift/claim/not-a-real-token' },
  { route: '/claim-success' },
  { route: '/verification-complete', url: '/verification-complete?gift_id=unknown' },
  { route: '/admin' },
  { route: '/admin/login' },
  { route: '/admin/setup' },
  { route: '/admin/dashboard' },
  { route: '/donor/account' },
  { route: '/donor/login' },
  { route: '/how-it-works' },
  { route: '/security' },
  { route: '/pricing' },
  { route: '/faq', prepare: openAllFaqAnswers },
  { route: '/contact', prepare: showContactErrors },
  { route: '/contact', url: '/contact?state=error-toast', prepare: showErrorToast, expectedConsoleErrors: /status of 500/ },
  { route: '/privacy-policy' },
  { route: '/terms-of-use' },
  { route: '*', url: '/no-such-page' },
];

async function openAllFaqAnswers(page: Page) {
  const closed = page.locator('main button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** The form with its error messages showing: the state most likely to fail contrast or labelling. */
async function showContactErrors(page: Page) {
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText('Name is required').waitFor();
}

/** A destructive toast on screen (the server is made to fail). */
async function showErrorToast(page: Page) {
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('A Person');
  await form.getByLabel('Email').fill('person@example.com');
  await form.getByLabel('Category').selectOption('general');
  await form.getByLabel('Subject').fill('Hello');
  await form.getByLabel('Message').fill('Hello there');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText('Error sending message', { exact: true }).waitFor();
}

const WIDTHS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
];

async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await waitForHydration(page);
  // Lazy pages render their h1 once loaded; redirects (e.g. to the landing page) land on a page that has one too.
  await page.locator('h1').first().waitFor();
}

describeE2E('accessibility of every page', () => {
  const browser = useBrowser();
  const server = useServer();

  it('lists every route of the router', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../src/client/app/router.tsx'), 'utf8');
    const routes = [...source.matchAll(/path:\s*'([^']+)'/g)].map((m) => m[1]);
    expect(routes.length).toBeGreaterThan(20);
    expect([...new Set(PAGES.map((p) => p.route))].sort()).toEqual([...new Set(routes)].sort());
  });

  for (const size of WIDTHS) {
    it.each(PAGES.map((p) => [p.url ?? p.route, p] as const))(`%s has no axe violations (${size.name})`, async (url, pc) => {
      const page = await newPage(browser(), size);
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      await openSettled(page, server().url + url);
      await pc.prepare?.(page, server());
      const { violations } = await new AxeBuilder({ page }).analyze();
      const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary, url).toEqual([]);
      if (size.width === 360) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${url} scrolls sideways by ${overflow}px at 360px`).toBeLessThanOrEqual(0);
      }
      // 4xx answers of the API (e.g. 401 while signed out) are logged by the browser; anything else is a bug.
      expect(
        consoleErrors.filter((e) => !/status of 4\d\d/.test(e) && !pc.expectedConsoleErrors?.test(e)),
        url,
      ).toEqual([]);
      await page.context().close();
    });
  }
});
