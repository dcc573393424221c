// Every page of the product: zero axe-core violations (desktop and phone) and no horizontal scroll at 360 px.
// To cover a new page, add it to PAGES (a guard below fails when a router path is missing from the list).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describeE2E, newPage, useBrowser, useServer, waitForHydration } from './helpers/suite.js';
import type { RunningServer } from './helpers/server.js';
import { createPaidGift, manageUrlFromReceipt } from './helpers/gifts.js';
import { routeTable } from '../../src/client/app/route-table.js';
import { groupPayload } from '../helpers/together.js';

interface PageCase {
  /** The router path this case covers (as written in route-table.ts). */
  route: string;
  /** The URL to open; defaults to the route. */
  url?: string;
  /** Brings the page into the state to check, after it loaded (fill a form, open a panel…). */
  prepare?: (page: Page, server: RunningServer) => Promise<void>;
  /** Console errors this case provokes on purpose. */
  expectedConsoleErrors?: RegExp;
  /** A page the server renders itself, outside the router (the sandbox's pages). */
  serverPage?: true;
}

/** The not-found answer an unknown link gets on purpose (cases that start from an unknown URL log it once). */
const NOT_FOUND = /status of 404 /;

const PAGES: PageCase[] = [
  { route: '/' },
  { route: '/gift/recipient-info' },
  { route: '/gift/personal-message' },
  { route: '/gift/security' },
  { route: '/gift/review' },
  { route: '/gift/review-new' },
  { route: '/success' },
  { route: '/gift/manage/:token', url: '/gift/manage/not-a-real-token', expectedConsoleErrors: NOT_FOUND },
  // A real gift's page with its actions, then with the cancel dialog open.
  {
    route: '/gift/manage/:token',
    url: '/gift/manage/a-real-gift',
    prepare: openGiftPage,
    expectedConsoleErrors: NOT_FOUND,
  },
  {
    route: '/gift/manage/:token',
    url: '/gift/manage/a-real-gift-cancel-dialog',
    prepare: openCancelDialog,
    expectedConsoleErrors: NOT_FOUND,
  },
  { route: '/together/new' },
  { route: '/together/new', url: '/together/new?state=errors', prepare: showGroupFormErrors },
  // The server's answers to the form posted without scripts: the form with its errors, and the two links.
  {
    route: '/together/new',
    url: '/together/new?state=errors-without-scripts',
    prepare: showGroupServerErrors,
    expectedConsoleErrors: /status of 400 /,
  },
  { route: '/together/new', url: '/together/new?state=started-without-scripts', prepare: showGroupServerStarted },
  { route: '/together/:token', url: `/together/${'x'.repeat(43)}`, expectedConsoleErrors: NOT_FOUND },
  {
    route: '/together/:token',
    url: '/together/a-real-group',
    prepare: openGroup('share'),
    expectedConsoleErrors: NOT_FOUND,
  },
  // The server's answer to the share page's form posted without scripts, with its errors.
  {
    route: '/together/:token',
    url: '/together/a-real-group?state=errors-without-scripts',
    prepare: showShareServerErrors,
    expectedConsoleErrors: /status of (400|404) /,
  },
  {
    route: '/together/organise/:token',
    url: `/together/organise/${'x'.repeat(43)}`,
    expectedConsoleErrors: NOT_FOUND,
  },
  {
    route: '/together/organise/:token',
    url: '/together/organise/a-real-group',
    prepare: openGroup('organiser'),
    expectedConsoleErrors: NOT_FOUND,
  },
  { route: '/claim/:token', url: '/claim/not-a-real-token', expectedConsoleErrors: NOT_FOUND },
  // Opens as "Gift Not Found", then a real gift's page after a refused answer (the server-rendered error state).
  {
    route: '/claim/:token',
    url: '/claim/a-real-token-after-a-wrong-answer',
    prepare: showRefusedAnswer,
    // The unknown link first, then the refused answer (the page answers the form post with 400).
    expectedConsoleErrors: /status of (404|400) /,
  },
  { route: '/gift/claim/:token', url: '/gift/claim/not-a-real-token', expectedConsoleErrors: NOT_FOUND },
  { route: '/claim-success' },
  // With the thank-you form (shown after a claim in this tab).
  { route: '/claim-success', url: '/claim-success?state=thank-you', prepare: showThankYouForm },
  { route: '/verification-complete', url: '/verification-complete?gift_id=unknown', expectedConsoleErrors: NOT_FOUND },
  { route: '/admin' },
  { route: '/admin/login' },
  { route: '/admin/setup' },
  // Without a session the dashboard leaves for login, which goes on to setup while no admin exists.
  { route: '/admin/dashboard', prepare: landFromDashboard },
  // Opened without a pending session (401, then shown with a stand-in enrolment), then after a right code.
  { route: '/admin/second-factor', prepare: showEnrolment, expectedConsoleErrors: /status of 401 / },
  {
    route: '/admin/second-factor',
    url: '/admin/second-factor?state=recovery-codes',
    prepare: showRecoveryCodes,
    expectedConsoleErrors: /status of 401 /,
  },
  { route: '/admin/password', prepare: showPasswordErrors },
  { route: '/admin/audit', prepare: showAuditLog },
  { route: '/donor/account' },
  { route: '/donor/login' },
  { route: '/how-it-works' },
  { route: '/security' },
  { route: '/pricing' },
  { route: '/faq', prepare: openAllFaqAnswers },
  { route: '/contact', prepare: showContactErrors },
  // The server's answer to the form posted without scripts, with every field in error (decision 007).
  {
    route: '/contact',
    url: '/contact?state=answer-without-scripts',
    prepare: showServerAnswerErrors,
    expectedConsoleErrors: /status of 400 /,
  },
  { route: '/contact', url: '/contact?state=sent-without-scripts', prepare: showServerAnswerSent },
  {
    route: '/contact',
    url: '/contact?state=error-toast',
    prepare: showErrorToast,
    expectedConsoleErrors: /status of 500/,
  },
  { route: '/privacy-policy' },
  { route: '/terms-of-use' },
  { route: '*', url: '/no-such-page', expectedConsoleErrors: NOT_FOUND },
  // The sandbox console, with a payment, a transfer and an account in its tables.
  { route: '/sandbox/console', prepare: fillSandboxConsole, serverPage: true },
];

async function fillSandboxConsole(page: Page, server: RunningServer) {
  const gift = await createPaidGift(server.url);
  const claimed = await fetch(`${server.url}/api/gifts/claim/${gift.claimToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ securityAnswer: 'Rex' }),
  });
  expect(claimed.status).toBe(200);
  // Verified at the sandbox's onboarding, then paid out: a transfer too.
  const onboarding = new URL(((await claimed.json()) as { accountLinkUrl: string }).accountLinkUrl);
  const verified = await fetch(`${server.url}${onboarding.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ outcome: 'verified', return_url: `${server.url}/` }).toString(),
  });
  expect(verified.status).toBe(303);
  await page.reload();
  await page.getByRole('table', { name: 'Transfers' }).waitFor();
  await page.getByRole('table', { name: 'Payout accounts' }).waitFor();
}

/** The enrolment page as setup leaves it: QR code, key as text, code field (the API answer stood in for). */
async function showEnrolment(page: Page) {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const otpauthUri = `otpauth://totp/Hushgift:owner%40example.com?secret=${secret}&issuer=Hushgift`;
  await page.route('**/api/admin/second-factor/enrolment', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ secret, otpauthUri, qrCode: TINY_PNG, optional: true }),
    }),
  );
  await page.goto(page.url().replace(/\/admin\/.*/, '/admin/second-factor'));
  await page.getByTestId('totp-secret').waitFor();
}

async function showRecoveryCodes(page: Page) {
  await showEnrolment(page);
  const recoveryCodes = Array.from({ length: 10 }, (_, i) => `ABCDE-${String(i).padStart(5, '0')}`);
  await page.route('**/api/admin/second-factor/enrol', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, recoveryCodes }),
    }),
  );
  await page.getByLabel('Code from the app').fill('123456');
  await page.getByRole('button', { name: 'Turn on two-step login' }).click();
  await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
}

/** Waits for the page a session-less dashboard ends on: setup or login, as the server says, with its heading. */
async function landFromDashboard(page: Page, server: RunningServer) {
  const answer = await fetch(`${server.url}/api/admin/setup-needed`);
  const { setupNeeded } = (await answer.json()) as { setupNeeded: boolean };
  const [path, heading] = setupNeeded ? ['/admin/setup', 'Admin Setup'] : ['/admin/login', 'Admin Login'];
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
}

async function showPasswordErrors(page: Page) {
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Enter your current password').waitFor();
}

/** A page of the audit log (the API answer stood in for, with the session hint set). */
async function showAuditLog(page: Page, server: RunningServer) {
  const at = new Date().toISOString();
  const entries = [
    {
      id: 2,
      at,
      adminId: 1,
      ip: '127.0.0.1',
      action: 'refund_sender',
      target: 'g_abcdefghijklmnop',
      outcome: 'success',
    },
    { id: 1, at, adminId: null, ip: '127.0.0.1', action: 'login_failed', target: null, outcome: 'failed' },
  ];
  await page.route('**/api/admin/audit?page=1', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ entries, page: 1, hasMore: true }),
    }),
  );
  await page.context().addCookies([{ name: 'hg_admin_in', value: '1', url: server.url }]);
  await page.goto(server.url + '/admin/audit');
  await page.getByRole('cell', { name: 'refund sender' }).waitFor();
}

/** A 1×1 PNG, standing in for the QR code image. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function openAllFaqAnswers(page: Page) {
  const closed = page.locator('main details:not([open]) > summary');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** The form with its error messages showing: the state most likely to fail contrast or labelling. */
async function showContactErrors(page: Page) {
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText('Name is required').waitFor();
}

/** The form posted as the browser does without scripts (submit() fires no submit event), answered with errors. */
async function showServerAnswerErrors(page: Page) {
  await page
    .getByRole('form', { name: 'Contact form' })
    .evaluate((form: HTMLFormElement) => HTMLFormElement.prototype.submit.call(form));
  await page.getByText('Name is required').waitFor();
  expect(await page.locator('#hg-after-paint').count()).toBe(0);
}

/** A filled contact form, answered with the server's "sent" page as when posted without scripts. */
async function showServerAnswerSent(page: Page) {
  const form = await fillContactForm(page);
  await form.evaluate((f: HTMLFormElement) => HTMLFormElement.prototype.submit.call(f));
  await page.getByRole('status').getByText('Message sent successfully!').waitFor();
}

async function showRefusedAnswer(page: Page, server: RunningServer) {
  const gift = await createPaidGift(server.url);
  await page.goto(gift.claimUrl);
  await page.getByLabel("What is your pet's name?").fill('Fido');
  await page.getByRole('button', { name: 'Claim Your Gift' }).click();
  await page.getByRole('alert').waitFor();
}

async function openGiftPage(page: Page, server: RunningServer) {
  const payerEmail = `a11y.${Date.now().toString(36)}@example.com`;
  await createPaidGift(server.url, { payerEmail });
  await page.goto(await manageUrlFromReceipt(server.url, payerEmail));
  await page.getByRole('heading', { name: 'Timeline' }).waitFor();
}

/** A real group gift (started through the API), at its share page or its organiser page. */
function openGroup(which: 'share' | 'organiser') {
  return async (page: Page, server: RunningServer) => {
    const started = await fetch(`${server.url}/api/together`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(groupPayload()),
    });
    const links = (await started.json()) as { shareUrl: string; organiserUrl: string };
    await page.goto(which === 'share' ? links.shareUrl : links.organiserUrl);
    await page.getByTestId('contribution-count').waitFor();
  };
}

/** A real group's share page, its form posted as the browser does without scripts, answered with its errors. */
async function showShareServerErrors(page: Page, server: RunningServer) {
  await openGroup('share')(page, server);
  await page.getByLabel('Your share in dollars').fill('2');
  await page
    .locator('form[action$="/contribute"]')
    .evaluate((f: HTMLFormElement) => HTMLFormElement.prototype.submit.call(f));
  await page
    .getByRole('alert')
    .getByRole('link', { name: /Your share in dollars/ })
    .waitFor();
  expect(await page.locator('#hg-after-paint').count()).toBe(0);
}

async function showGroupFormErrors(page: Page) {
  await page.getByRole('button', { name: 'Start the group gift' }).click();
  await page.getByText('Recipient first name is required').waitFor();
}

/** The organiser's form posted as the browser does without scripts, answered with its errors. */
async function showGroupServerErrors(page: Page) {
  await page
    .locator('form[action="/together/new"]')
    .evaluate((f: HTMLFormElement) => HTMLFormElement.prototype.submit.call(f));
  await page
    .getByRole('alert')
    .getByRole('link', { name: /Recipient first name/ })
    .waitFor();
  expect(await page.locator('#hg-after-paint').count()).toBe(0);
}

/** A filled organiser's form posted without scripts, answered with the two links. */
async function showGroupServerStarted(page: Page) {
  const group = groupPayload();
  await page.getByLabel('Recipient first name').fill(group.recipientFirstName);
  await page.getByLabel('Recipient last name').fill(group.recipientLastName);
  await page.getByLabel('Recipient email').fill(group.recipientEmail);
  await page.getByLabel('Your email').fill(group.organiserEmail);
  await page
    .locator('form[action="/together/new"]')
    .evaluate((f: HTMLFormElement) => HTMLFormElement.prototype.submit.call(f));
  await page.getByTestId('organiser-link').waitFor();
}

async function openCancelDialog(page: Page, server: RunningServer) {
  await openGiftPage(page, server);
  await page.getByRole('button', { name: 'Cancel gift' }).click();
  await page.getByRole('dialog', { name: 'Cancel this gift?' }).waitFor();
}

async function showThankYouForm(page: Page) {
  await page.evaluate(() => sessionStorage.setItem('hushgift.claimThankYou', 'x'.repeat(43)));
  await page.reload();
  await page.getByRole('heading', { name: 'Send a thank-you note' }).waitFor();
}

async function fillContactForm(page: Page) {
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('A Person');
  await form.getByLabel('Email').fill('person@example.com');
  await form.getByLabel('Category').selectOption('general');
  await form.getByLabel('Subject').fill('Hello');
  await form.getByLabel('Message').fill('Hello there');
  return form;
}

/** A destructive toast on screen (the server is made to fail). */
async function showErrorToast(page: Page) {
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
  await fillContactForm(page);
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
    const routes = routeTable.map((r) => r.path);
    expect(routes.length).toBeGreaterThan(20);
    const routerPages = PAGES.filter((p) => !p.serverPage);
    expect([...new Set(routerPages.map((p) => p.route))].sort()).toEqual([...new Set(routes)].sort());
  });

  for (const size of WIDTHS) {
    it.each(PAGES.map((p) => [p.url ?? p.route, p] as const))(
      `%s has no axe violations (${size.name})`,
      async (url, pc) => {
        const page = await newPage(browser(), size);
        const consoleErrors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') consoleErrors.push(m.text());
        });
        await openSettled(page, server().url + url);
        await pc.prepare?.(page, server());
        const { violations } = await new AxeBuilder({ page }).analyze();
        const summary = violations.map(
          (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
        expect(summary, url).toEqual([]);
        if (size.width === 360) {
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${url} scrolls sideways by ${overflow}px at 360px`).toBeLessThanOrEqual(0);
        }
        // Only the errors a case provokes on purpose (a not-found answer for an unknown link) are allowed.
        expect(
          consoleErrors.filter((e) => !pc.expectedConsoleErrors?.test(e)),
          url,
        ).toEqual([]);
        await page.context().close();
      },
    );
  }
});
