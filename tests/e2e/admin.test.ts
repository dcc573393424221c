// The admin journey in Chromium on the built server: setup (a common password refused) → TOTP enrolment (the code
// computed from the key shown as text) → recovery codes → logout → login with password and code → dashboard
// stats → Unfreeze claim → search → filter → Clear → Resend Email → Process Expired after the step-up dialog →
// audit log → change password → Logout.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DAY } from '../../src/server/clock.js';
import { claimedGift, frozenGift, givenGift, pendingGift, refundedGift } from '../helpers/gifts.js';
import { makeBeforeStart } from './helpers/before-start.js';
import { FROZEN_REASON } from '../../src/server/services/claims/claim.js';
import { describeE2E, newPage, useBrowser } from './helpers/suite.js';
import { startServer, waitForEmail, type RunningServer } from './helpers/server.js';
import { createPaidGift, type PaidGift } from './helpers/gifts.js';
import { freshTotp } from '../helpers/admin.js';

const ADMIN = { firstName: 'Olive', lastName: 'Owner', email: 'owner@example.com', password: 'correct horse battery' };

/**
 * The gifts the server finds at its start, made through the product on its embedded database (PGlite allows one
 * process at a time): one paid, one frozen by wrong answers, one claimed, one never paid, one cancelled and
 * refunded (made two days back on the app's clock), and two past their claim window (made 40 days back).
 */
async function giftsBeforeStart(dataDir: string): Promise<void> {
  await makeBeforeStart(
    { dataDir },
    async (ctx) => {
      for (const [first, email] of [
        ['Dora', 'dora@example.com'],
        ['Dean', 'dean@example.com'],
      ]) {
        // Already due: the server runs with its expiry job paused, so only the button refunds them.
        await givenGift(ctx, { amountCents: 3000, recipientFirstName: first, recipientEmail: email });
      }
      // The others within their claim window.
      ctx.clock.set(new Date(Date.now() - 2 * DAY));
      await givenGift(ctx, {
        amountCents: 2500,
        recipientFirstName: 'Zelda',
        recipientLastName: 'Quill',
        recipientEmail: 'zelda.quill@example.com',
      });
      // Frozen after too many wrong answers (decision 012): the list says why an operator must look.
      await frozenGift(ctx, {
        amountCents: 10000,
        recipientFirstName: 'Milo',
        recipientLastName: 'Stone',
        recipientEmail: 'milo@example.com',
      });
      await claimedGift(ctx, { amountCents: 5000, recipientFirstName: 'Cora', recipientEmail: 'cora@example.com' });
      await pendingGift(ctx, { amountCents: 7500, recipientFirstName: 'Penny', recipientEmail: 'penny@example.com' });
      await refundedGift(ctx, { amountCents: 4000, recipientFirstName: 'Rufus', recipientEmail: 'rufus@example.com' });
    },
    { clockStart: new Date(Date.now() - 40 * DAY) },
  );
}

const statValue = (page: Page, label: string) =>
  page
    .getByTestId('stat-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1)
    .textContent();

describeE2E('admin in Chromium', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let realGift: PaidGift;
  /** One of the recovery codes shown at enrolment, for the second test's login. */
  let recoveryCode = '';
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-e2e-admin-'));
    await giftsBeforeStart(dataDir);
    server = await startServer({ JOBS_PAUSED: 'expiry' }, { dataDir });
    // One gift made the way a sender makes one: created, paid at the sandbox checkout, claim link e-mailed.
    realGift = await createPaidGift(server.url, {
      recipientEmail: 'ruby.real@example.com',
      recipientFirstName: 'Ruby',
      amountCents: 6000,
    });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('sets up, logs in, shows stats, searches, filters, resends, processes expired gifts and logs out', async () => {
    const page = await newPage(browser());
    const toastWith = (title: string) => page.getByRole('status').filter({ hasText: title }).first();

    // /admin → login → setup while no admin exists.
    await page.goto(server.url + '/admin');
    await page.waitForURL('**/admin/setup');
    await page.getByRole('heading', { name: 'Admin Setup' }).waitFor();
    await page.getByLabel('First Name').fill(ADMIN.firstName);
    await page.getByLabel('Last Name').fill(ADMIN.lastName);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByLabel('Confirm Password').fill('something else');
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    expect(await page.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Email').fill(ADMIN.email);
    // The compiled server reads its common-passwords list: a long but common password is refused, saying why.
    await page.getByLabel(/^Password/).fill('password1234');
    await page.getByLabel('Confirm Password').fill('password1234');
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await toastWith('Setup Failed')
      .getByText(/list of commonly used passwords/)
      .waitFor();
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByLabel('Confirm Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create Admin Account' }).click();

    // Enrolment: QR code and the key as text; the code is computed here from that key, as an app would.
    await page.waitForURL('**/admin/second-factor');
    await page.getByRole('heading', { name: 'Set up two-step login' }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-step login' }).click();
    await page.getByText(/That code is not right/).waitFor();
    let totp = await freshTotp(secret);
    await page.getByLabel('Code from the app').fill(totp.code);
    await page.getByRole('button', { name: 'Turn on two-step login' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const recoveryCodes = await page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    recoveryCode = recoveryCodes[0]!;
    await page.getByRole('button', { name: 'I have saved them: continue' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');

    // Login: missing fields, wrong password, show/hide toggle, then success.
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toastWith('Missing information').getByText('Please enter both email and password').waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toastWith('Login failed').getByText('Invalid email or password').waitFor();
    const password = page.getByLabel(/^Password/);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await password.fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The second step: the code from the app (a later time step than the enrolment's, which is spent).
    await page.getByRole('heading', { name: 'Authentication code' }).waitFor();
    totp = await freshTotp(secret, totp.step);
    await page.getByLabel('Code').fill(totp.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(await page.getByText('This account has no second factor').count()).toBe(0);

    // The stats of the gifts made before the start.
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByTestId('stat-skeleton').first().waitFor({ state: 'detached' });
    expect(await statValue(page, 'Total Gifts')).toBe('8');
    expect(await statValue(page, 'Total Volume')).toBe('$335.00');
    expect(await statValue(page, 'Claimed')).toBe('1');
    expect(await statValue(page, 'Claimed Volume')).toBe('$50.00');
    expect(await statValue(page, 'Pending')).toBe('1');
    expect(await statValue(page, 'Paid')).toBe('5');
    expect(await statValue(page, 'Expired')).toBe('0');
    expect(await statValue(page, 'Refunded')).toBe('1');

    // Recent list: every gift, Resend Email only on paid rows.
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(8);
    expect(await page.getByRole('button', { name: /^Resend Email/ }).count()).toBe(5);
    const headers = await page.locator('thead th').allTextContents();
    expect(headers).toEqual(['ID', 'Status', 'Amount', 'Sender', 'Recipient', 'Created', 'Expires', 'Actions']);
    expect(await rows.first().locator('td').first().textContent()).toMatch(/^#\d+$/);
    expect(await rows.first().locator('td').nth(5).textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
    );
    const frozen = rows.filter({ hasText: 'milo@example.com' });
    await frozen.getByText(`Needs attention: ${FROZEN_REASON}`).waitFor();
    expect(await page.getByText(/^Needs attention:/).count()).toBe(1);
    // Unfreeze claim: only the frozen row offers it (and the attention list, for the same gift); afterwards the
    // note and the buttons are gone.
    const giftTable = page.getByRole('region', { name: 'Gifts' });
    expect(await giftTable.getByRole('button', { name: /^Unfreeze claim/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Unfreeze claim/ }).count()).toBe(2);
    await frozen.getByRole('button', { name: /^Unfreeze claim/ }).click();
    await toastWith('Claim unfrozen').waitFor();
    await frozen.getByText(/^Needs attention:/).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: /^Unfreeze claim/ }).count()).toBe(0);

    // Search (partial, case-insensitive), then filter, then Clear.
    const search = page.getByPlaceholder('Search by email, name, or claim token...');
    await search.fill('ZELD');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await rows.first().textContent()).toContain('zelda.quill@example.com');
    await page.getByLabel('Filter by status').selectOption('claimed');
    await page.getByText('No gifts found matching your criteria').waitFor();
    await search.fill('');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await rows.first().textContent()).toContain('cora@example.com');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 8);
    expect(await page.getByRole('button', { name: 'Clear' }).count()).toBe(0);
    expect(await page.getByLabel('Filter by status').inputValue()).toBe('all');

    // The real gift found by its full claim token; Resend Email mails a fresh link.
    await search.fill(realGift.claimToken);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await rows.first().textContent()).toContain('ruby.real@example.com');
    await rows
      .first()
      .getByRole('button', { name: /^Resend Email/ })
      .click();
    await toastWith('Email resent successfully').getByText('The recipient has been notified again').waitFor();
    const mail = await waitForEmail(server.url, 'ruby.real@example.com', (e) => !e.text.includes(realGift.claimToken));
    expect(mail.text).toMatch(/\/claim\/[A-Za-z0-9_-]{43}/);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 8);

    // Process Expired refunds the two due gifts (the scheduled expiry is paused on this server). The server's
    // answer when the last check is over 15 minutes old is stood in for once: the dialog asks for the code, the
    // real step-up takes it, and the action is retried.
    let stoodIn = false;
    await page.route('**/api/admin/process-expired', (route) => {
      if (stoodIn) return route.continue();
      stoodIn = true;
      return route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'STEP_UP_REQUIRED', message: 'Money actions need a fresh check.' }),
      });
    });
    await page.getByRole('button', { name: 'Process Expired' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    totp = await freshTotp(secret, totp.step);
    await dialog.getByLabel('Authentication code').fill(totp.code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toastWith('Expired gifts processed').getByText('2 gifts were processed').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await page.waitForFunction(() => document.body.textContent?.includes('Refunded'));
    await expect.poll(() => statValue(page, 'Refunded')).toBe('3');
    expect(await statValue(page, 'Paid')).toBe('3');
    expect(await page.locator('tbody tr', { hasText: 'dora@example.com' }).textContent()).toContain('Refunded');

    // The audit log: newest first, the enrolment, the logins and the money action among them.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/admin/audit');
    const auditRows = page.getByRole('region', { name: 'Audit entries' }).locator('tbody tr');
    await auditRows.first().waitFor();
    expect(await auditRows.first().textContent()).toContain('process expired');
    const auditText = await page.getByRole('region', { name: 'Audit entries' }).textContent();
    for (const action of ['second factor enrolled', 'login failed', 'step up', 'unfreeze claim', 'resend email'])
      expect(auditText).toContain(action);

    // Change password: the current one is asked; changed, then back (the next test logs in with it).
    await page.goto(server.url + '/admin/password');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    const changePassword = async (current: string, next: string) => {
      await page.getByLabel('Current password').fill(current);
      await page.getByLabel(/^New password/).fill(next);
      await page.getByLabel('Confirm new password').fill(next);
      const answer = page.waitForResponse('**/api/admin/password');
      await page.getByRole('button', { name: 'Change password' }).click();
      return (await answer).status();
    };
    expect(await changePassword('not the password', 'another long passphrase')).toBe(401);
    await toastWith('Password not changed').getByText('Your current password is not right.').waitFor();
    expect(await changePassword(ADMIN.password, 'another long passphrase')).toBe(200);
    await toastWith('Password changed')
      .getByText(/other sessions? (was|were) signed out/)
      .waitFor();
    expect(await changePassword('another long passphrase', ADMIN.password)).toBe(200);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL('**/admin/dashboard');

    // Logout lands on the login page, and the dashboard is closed afterwards.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.goto(server.url + '/admin/dashboard');
    await page.waitForURL('**/admin/login');
    await page.context().close();
  });

  it('has no horizontal scroll on a 360 px phone', async () => {
    const page = await newPage(browser(), { width: 360, height: 740 });
    await page.goto(server.url + '/admin/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Authentication code' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A recovery code instead of the app's code.
    await page.getByLabel('Code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.locator('tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
