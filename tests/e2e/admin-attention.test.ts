// The dashboard's Money section and Needs attention list in Chromium on the built server (decision 017): the
// list's error state and "Try again"; the ledger totals of three paid gifts; two flagged gifts and a frozen claim
// listed with their reasons; Unfreeze claim lifts the freeze; Mark resolved (by keyboard) removes a flagged gift;
// Refund sender asks first (Escape keeps the gift), then refunds, the list says "Nothing needs attention" and the
// totals move the gift amount from owed to refunded. No axe-core violations in each state.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DAY } from '../../src/server/clock.js';
import { feeCents } from '../../src/shared/money.js';
import { frozenGift, mismatchedGift, reversedGift } from '../helpers/gifts.js';
import { makeBeforeStart } from './helpers/before-start.js';
import { FROZEN_REASON } from '../../src/server/services/claims/claim.js';
import { describeE2E, focusWhenEnabled, newPage, useBrowser } from './helpers/suite.js';
import { startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { firstName: 'Olive', lastName: 'Owner', email: 'owner@example.com', password: 'correct horse battery' };
const MISMATCH = `Payment does not match the gift: paid 4000 USD cents, expected ${4200 + feeCents(4200) + 100} USD cents. No claim e-mail was sent.`;
const REVERSED = /^Transfer \S+ was reversed \(3000 cents came back\): decide whether to pay again or refund\.$/;

/**
 * Three gifts on the attention list for their real causes, made through the product on the server's database
 * before it starts: a checkout paid 40.00 for a gift asking 45.51 (held, its 40.00 charge in the ledger), a claimed
 * gift whose transfer the provider took back (sandbox console), and a claim frozen by wrong answers.
 */
async function giftsBeforeStart(dataDir: string) {
  return makeBeforeStart(
    { dataDir },
    async (ctx) => {
      // Frozen after too many wrong answers (the lock waits move the app's clock a day): on the list, with the gift
      // list's Unfreeze claim.
      const frozen = (await frozenGift(ctx, { amountCents: 2000, tipCents: 100 })).gift;
      // The two flagged just now, so the list says they have waited minutes.
      ctx.clock.set(new Date(Date.now() - 30_000));
      const refundable = await mismatchedGift(ctx, 4000, { amountCents: 4200, tipCents: 100 });
      const reversed = (await reversedGift(ctx, { amountCents: 3000, tipCents: 100 })).gift;
      return { refundable, reversed, frozen };
    },
    { clockStart: new Date(Date.now() - 2 * DAY) },
  );
}

/** axe-core's violations on the page as it is now, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const figure = (page: Page, label: string) =>
  page
    .getByTestId('money-figure')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .textContent();

describeE2E('admin attention list in Chromium', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let seeded: Awaited<ReturnType<typeof giftsBeforeStart>>;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-e2e-attention-'));
    seeded = await giftsBeforeStart(dataDir);
    server = await startServer({}, { dataDir });
    const setup = await fetch(`${server.url}/api/admin/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(setup.status).toBe(201);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('recovers from a failed read, shows the money totals, resolves one flagged gift and refunds the other after confirming', async () => {
    const page = await newPage(browser());
    const { refundable, reversed, frozen } = seeded;
    // The list's first read fails: its error state, then "Try again" reads it.
    const failing = '**/api/admin/attention';
    await page.route(failing, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
    );
    await page.goto(server.url + '/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');

    // Money: the three charges (the mismatched payment held whole as owed, the others split into amount, fee and
    // tip); every amount still owed, the reversed transfer's back with its gift.
    const money = page.getByRole('region', { name: 'Money' });
    await money.locator('dd', { hasText: '$' }).first().waitFor();
    const collected = 4000 + 3000 + feeCents(3000) + 100 + 2000 + feeCents(2000) + 100;
    expect(await figure(page, 'Collected')).toBe(`$${(collected / 100).toFixed(2)}`);
    expect(await figure(page, 'Owed to recipients')).toBe('$90.00');
    expect(await figure(page, 'Refunded')).toBe('$0.00');
    expect(await figure(page, 'Tips')).toBe('$2.00');

    // Needs attention: both gifts, with their reasons and how long they have waited.
    const attention = page.getByRole('region', { name: /^Needs attention/ });
    await attention
      .getByRole('alert')
      .filter({ hasText: 'Could not load the gifts that need attention: Database unavailable' })
      .waitFor();
    await page.unroute(failing);
    await attention.getByRole('button', { name: 'Try again' }).click();
    await attention.getByRole('heading', { name: 'Needs attention (3)' }).waitFor();
    const item = (id: number) => attention.getByRole('listitem', { name: new RegExp(`^Gift #${id}\\b`) });
    await item(refundable.id).getByText(MISMATCH).waitFor();
    await item(reversed.id).getByText(REVERSED).waitFor();
    expect(await item(reversed.id).locator('time').textContent()).toMatch(/^(just now|\d+ min)$/);
    expect(await axeViolations(page)).toEqual([]);

    // The frozen claim offers Unfreeze claim (not Mark resolved); unfrozen, it leaves the list.
    await item(frozen.id).getByText(FROZEN_REASON).waitFor();
    expect(await item(frozen.id).getByRole('button').allTextContents()).toEqual(['Unfreeze claim', 'Refund sender']);
    await attention.getByRole('button', { name: `Unfreeze claim for gift #${frozen.id}` }).click();
    await item(frozen.id).waitFor({ state: 'detached' });
    await attention.getByRole('heading', { name: 'Needs attention (2)' }).waitFor();

    // Mark resolved with the keyboard: the gift leaves the list. The buttons stay disabled until every read the
    // unfreeze refreshed has answered, which can be after the list's own.
    await focusWhenEnabled(page.getByRole('button', { name: `Mark resolved for gift #${reversed.id}` }));
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Marked resolved.' }).first().waitFor();
    await item(reversed.id).waitFor({ state: 'detached' });
    await attention.getByRole('heading', { name: 'Needs attention (1)' }).waitFor();

    // Refund sender asks first; Escape keeps the gift.
    const refund = page.getByRole('button', { name: `Refund sender for gift #${refundable.id}` });
    await refund.click();
    const dialog = page.getByRole('dialog', { name: `Refund the sender of gift #${refundable.id}?` });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await item(refundable.id).count()).toBe(1);

    await refund.click();
    await dialog.getByRole('button', { name: 'Refund the sender' }).click();
    await page.getByRole('status').filter({ hasText: 'Refund made; the sender has been told.' }).first().waitFor();
    await attention.getByText('Nothing needs attention').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(() => figure(page, 'Refunded')).toBe('$40.00');
    expect(await figure(page, 'Owed to recipients')).toBe('$50.00');
    await page.context().close();
  });
});
