// Donor accounts in Chromium: "No Account Found" when signed out, sign-in by e-mail link, overview and history, sign-out.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DAY } from '../../src/server/clock.js';
import { giftIn, nameNumber, type GiftStatus } from '../helpers/gifts.js';
import { makeBeforeStart } from './helpers/before-start.js';
import { createPaidGift } from './helpers/gifts.js';
import { describeE2E, gotoHydrated, newPage, useBrowser, useServer } from './helpers/suite.js';
import { startServer, waitForEmail, type RunningServer } from './helpers/server.js';

const SIGN_IN_SUBJECT = 'Your Hushgift sign-in link';
const linkIn = (text: string) => /(http:\/\/\S+\/donor\/login\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];

/** The newest sign-in e-mail's id in the dev mailbox for the address (0 when none): later links have higher ids. */
async function lastSignInMailId(baseUrl: string, email: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(email)}`);
  const list = (await res.json()) as Array<{ id: number; subject: string }>;
  return Math.max(0, ...list.filter((m) => m.subject === SIGN_IN_SUBJECT).map((m) => m.id));
}

async function requestLinkInBrowser(page: Page, baseUrl: string, email: string): Promise<string> {
  const before = await lastSignInMailId(baseUrl, email);
  await page.goto(`${baseUrl}/donor/login`);
  await page.getByRole('heading', { name: 'Donor Sign In' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Sign-In Link' }).click();
  await page.getByRole('status').getByText("If an account exists, we've sent a sign-in link").waitFor();
  const mail = await waitForEmail(baseUrl, email, (m) => m.subject === SIGN_IN_SUBJECT && m.id > before);
  const link = linkIn(mail.text);
  expect(link).toBeTruthy();
  return link!;
}

/** WCAG 2 A/AA checks on what the page shows now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoAccount(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/donor/account`);
  await page.getByRole('heading', { name: 'No Account Found' }).waitFor();
  await page.getByText('You need to create a donor account first.').waitFor();
  const create = page.getByRole('link', { name: 'Create Account While Sending Gift' });
  expect(await create.getAttribute('href')).toBe('/');
}

describeE2E('donor account with a donor created before the server starts', () => {
  const browser = useBrowser();
  let server: RunningServer;
  const email = 'returning.donor@example.com';

  /** Recipients' first names may hold no digits: Reca … Recg for the seven gifts, oldest first. */
  const rec = (i: number) => `Rec${nameNumber(i)}`;

  beforeAll(async () => {
    // A donor with a gift in every state past pending, made through the product on the server's own database:
    // each gift opted into the account and paid with its e-mail, one a day from ten days back.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-e2e-donor-'));
    await makeBeforeStart(
      { dataDir },
      async (ctx) => {
        const statuses: GiftStatus[] = ['pending', 'paid', 'claimed', 'expired', 'refunded', 'paid', 'claimed'];
        for (const [i, status] of statuses.entries()) {
          ctx.clock.advance(DAY);
          await giftIn(ctx, status, {
            donorAccount: { firstName: 'Riley', lastName: 'Returning', email },
            sender: { name: 'Riley Returning', email },
            amountCents: 1000 * (i + 1),
            recipientFirstName: rec(i),
            recipientLastName: 'Ipient',
          });
        }
      },
      { clockStart: new Date(Date.now() - 10 * DAY) },
    );
    server = await startServer({}, { dataDir });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('shows "No Account Found" when signed out', async () => {
    const page = await newPage(browser());
    await expectNoAccount(page, server.url);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Sign in with your email' }).click();
    await page.waitForURL('**/donor/login');
    await page.getByLabel('Email').waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it('answers an unknown address with the same neutral message as a known one, and sends it nothing', async () => {
    const answerFor = async (address: string) => {
      const page = await newPage(browser());
      await page.goto(`${server.url}/donor/login`);
      await page.getByLabel('Email').fill(address);
      await page.getByRole('button', { name: 'Send Sign-In Link' }).click();
      const status = page.getByRole('status').filter({ hasText: 'If an account exists' });
      await status.waitFor();
      const text = (await status.textContent())!.trim();
      await page.context().close();
      return text;
    };
    const before = await lastSignInMailId(server.url, email);
    const unknown = await answerFor('nobody@example.com');
    const known = await answerFor(email);
    expect(unknown).toContain("If an account exists, we've sent a sign-in link");
    expect(unknown).toBe(known);
    // The known address got its link, so the outbox has run past both requests: the unknown one got nothing.
    await waitForEmail(server.url, email, (m) => m.subject === SIGN_IN_SUBJECT && m.id > before);
    const toNobody = (await (await fetch(`${server.url}/api/dev/emails?to=nobody%40example.com`)).json()) as unknown[];
    expect(toNobody).toHaveLength(0);
  });

  it('signs in by e-mail link, shows overview and history, signs out, and the link does not work twice', async () => {
    const page = await newPage(browser());
    const link = await requestLinkInBrowser(page, server.url, email);
    // A mail scanner that opens the link (and runs its script) does not spend it: signing in takes a click.
    const scanner = await newPage(browser());
    await scanner.goto(link);
    await scanner.getByRole('button', { name: 'Sign In' }).waitFor();
    await scanner.context().close();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Sign in to your donor account' }).waitFor();
    await expectAccessible(page);
    // The button has the focus: Enter signs in.
    await page.keyboard.press('Enter');
    await page.waitForURL('**/donor/account');
    await page.getByRole('heading', { name: 'Riley Returning' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.textContent()).toContain(email);
    expect(await main.textContent()).toMatch(/Member since [A-Z][a-z]+ \d{1,2}, \d{4}/);

    // Six paid gifts ($20 … $70); claimed ones are $30 and $70.
    const stat = async (label: string) =>
      (await page.locator('dt', { hasText: label }).locator('xpath=..').locator('dd').textContent())?.trim();
    expect(await stat('Total Gifts Sent')).toBe('6');
    expect(await stat('Total Amount Sent')).toBe('$270.00');
    expect(await stat('Gifts Claimed')).toBe('2');
    expect(await stat('Amount Delivered')).toBe('$100.00');

    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    const recent = overview.getByRole('listitem');
    await recent.first().waitFor(); // the history loads after the profile
    expect(await recent.count()).toBe(5);
    expect(await recent.first().textContent()).toContain(`$70.00 to ${rec(6)} Ipient`);
    expect(await recent.first().textContent()).toContain('Claimed');
    expect(await overview.textContent()).not.toContain(rec(0));
    await expectAccessible(page);

    // Keyboard: the tabs follow the arrow keys.
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Gift History' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'View Full History' }).click();
    const table = page.getByRole('tabpanel', { name: 'Gift History' }).getByRole('table');
    const rows = table.getByRole('row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(7);
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Date',
      'Recipient',
      'Amount Sent',
      'Amount Received',
      'Status',
      'Claimed Date',
      'Gift page',
    ]);
    await expectAccessible(page);
    const refunded = await rows
      .filter({ hasText: `${rec(4)} Ipient` })
      .getByRole('cell')
      .allTextContents();
    expect(refunded.slice(1)).toEqual([`${rec(4)} Ipient`, '$50.00', '$50.00', 'Refunded', '-Not claimed', 'Manage']);

    // "Manage" opens the sender's gift page of that gift (decision 016).
    await rows
      .filter({ hasText: `${rec(4)} Ipient` })
      .getByRole('button', { name: new RegExp(`^Manage the gift to ${rec(4)} Ipient`) })
      .click();
    await page.waitForURL(/\/gift\/manage\/[A-Za-z0-9_-]{43}$/);
    await page.getByRole('heading', { level: 1, name: `Your gift of $50.00 to ${rec(4)}` }).waitFor();
    expect(await page.getByTestId('gift-stage').textContent()).toBe('Refunded');
    await page.goto(server.url + '/donor/account');
    await page.getByRole('tab', { name: 'Overview' }).waitFor();

    // A phone-sized screen has no horizontal page scroll.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'Overview' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/donor/login');
    await expectNoAccount(page, server.url);

    await page.goto(link);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText("This sign-in link can't be used").waitFor();
    expect(page.url()).toBe(`${server.url}/donor/login`);
    await page.getByLabel('Email').waitFor();
    await page.context().close();
  });
});

describeE2E('donor account opted into while sending a gift', () => {
  const browser = useBrowser();
  const server = useServer();

  /** Landing → $25 → recipient (no options) → review; optionally opts in; pays in the sandbox with the given e-mail. */
  async function sendInBrowser(
    page: Page,
    opts: { recipient: string; optIn?: { firstName: string; lastName: string; email: string }; payerEmail: string },
  ) {
    await gotoHydrated(page, server().url + '/');
    await page.getByRole('radio', { name: '$25', exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/gift/recipient-info');
    await page.getByLabel('First Name').fill(opts.recipient);
    await page.getByLabel('Last Name').fill('Recipient');
    await page.getByLabel('Email Address').fill(`${opts.recipient.toLowerCase()}.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Review Your Gift' }).waitFor();
    if (opts.optIn) {
      await page.getByLabel('Create a donor account to track your gifts').check();
      await page.getByLabel('Your first name').fill(opts.optIn.firstName);
      await page.getByLabel('Your last name').fill(opts.optIn.lastName);
      await page.getByLabel('Your email').fill(opts.optIn.email);
    }
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    if (opts.optIn) expect(await page.getByLabel('Email').inputValue()).toBe(opts.optIn.email);
    await page.getByLabel('Email').fill(opts.payerEmail);
    await page.getByLabel('Name on card').fill('Olive Optin');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Gift Sent Successfully!' }).waitFor();
  }

  it('sends with the opt-in, pays in the sandbox, signs in from the e-mailed link and sees the gift', async () => {
    const email = 'olive.optin@example.com';
    const donorAccount = { firstName: 'Olive', lastName: 'Optin', email };
    const page = await newPage(browser());
    await sendInBrowser(page, { recipient: 'Rosa', optIn: donorAccount, payerEmail: email });
    // Opted in with the same e-mail, but paid with someone else's at checkout: not this donor's gift.
    await createPaidGift(server().url, {
      donorAccount,
      recipientFirstName: 'Other',
      payerEmail: 'someone.else@example.com',
    });

    const mail = await waitForEmail(server().url, email, (m) => m.subject === SIGN_IN_SUBJECT);
    await page.goto(linkIn(mail.text)!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/donor/account');
    await page.getByRole('heading', { name: 'Olive Optin' }).waitFor();

    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    const recent = overview.getByRole('listitem');
    await recent.first().waitFor(); // the history loads after the profile
    expect(await recent.count()).toBe(1);
    expect(await recent.first().textContent()).toContain('$25.00 to Rosa Recipient');
    expect(await recent.first().textContent()).toContain('Paid');
    expect(
      await page.locator('dt', { hasText: 'Total Amount Sent' }).locator('xpath=..').locator('dd').textContent(),
    ).toBe('$25.00');

    await page.getByRole('tab', { name: 'Gift History' }).click();
    const rows = page.getByRole('tabpanel', { name: 'Gift History' }).getByRole('row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const cells = await rows.nth(1).getByRole('cell').allTextContents();
    expect(cells.slice(1)).toEqual(['Rosa Recipient', '$25.00', '$25.00', 'Paid', '-Not claimed', 'Manage']);
    expect(await page.getByRole('main').textContent()).not.toContain('Other');

    // Signed in, a gift paid with the donor's own e-mail joins the history without opting in again.
    await sendInBrowser(page, { recipient: 'Sage', payerEmail: email });
    await page.goto(server().url + '/donor/account');
    await page.getByRole('tab', { name: 'Gift History' }).click();
    const after = page.getByRole('tabpanel', { name: 'Gift History' }).getByRole('row');
    await page.waitForFunction(() => document.querySelectorAll('[role="tabpanel"] tbody tr').length === 2);
    expect(await after.nth(1).textContent()).toContain('Sage Recipient');
    expect(await page.getByRole('main').textContent()).not.toContain('Other');
    await page.context().close();
  });

  it('deletes the account after a confirmation: profile erased, gifts unlinked, signed out', async () => {
    const email = 'dora.delete@example.com';
    await createPaidGift(server().url, {
      donorAccount: { firstName: 'Dora', lastName: 'Delete', email },
      recipientFirstName: 'Rhea',
      payerEmail: email,
    });
    const page = await newPage(browser());
    await page.goto(await requestLinkInBrowser(page, server().url, email));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/donor/account');
    await page.getByRole('heading', { name: 'Dora Delete' }).waitFor();

    // The first click only asks; Cancel keeps everything.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your donor account?' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Dora Delete' }).waitFor();

    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.getByRole('status').getByText('Account deleted').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    // The session ended with the account, and the profile is gone from the server.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'hg_donor')).toBeUndefined();
    await expectNoAccount(page, server().url);
    await page.context().close();
  });
});
