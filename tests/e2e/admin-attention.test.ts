// The dashboard's Money section and Needs attention list in Chromium on the built server (decision 017): the
// list's error state and "Try again"; the ledger totals of two paid gifts; two flagged gifts and a frozen claim
// listed with their reasons; Unfreeze claim lifts the freeze; Mark resolved (by keyboard) removes a flagged gift;
// Refund sender asks first (Escape keeps the gift), then refunds, the list says "Nothing needs attention" and the
// totals move the gift amount from owed to refunded. No axe-core violations in each state.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/client.js';
import { ManualClock } from '../../src/server/clock.js';
import { postCharge } from '../../src/server/services/ledger/post.js';
import { feeCents } from '../../src/shared/money.js';
import { seedGift } from '../helpers/seed.js';
import { FROZEN_REASON } from '../../src/server/services/claims/claim.js';
import { describeE2E, newPage, useBrowser } from './helpers/suite.js';
import { startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { firstName: 'Olive', lastName: 'Owner', email: 'owner@example.com', password: 'correct horse battery' };
const MISMATCH =
  'Payment does not match the gift: paid 4000 USD cents, expected 4551 USD cents. No claim e-mail was sent.';
const REVERSED = 'Transfer tr_e2e was reversed (3000 cents came back): decide whether to pay again or refund.';

/** Two paid gifts with their charges in the ledger, each flagged, seeded before the server starts. */
async function seedDataDir(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const ctx = { db: database.db, clock: new ManualClock(new Date()) };
  const seeded = [];
  for (const [amountCents, reason] of [
    [4200, MISMATCH],
    [3000, REVERSED],
  ] as const) {
    const { gift } = await seedGift(ctx, { amountCents, tipCents: 100, needsAttention: reason });
    await database.db.transaction((tx) => postCharge(tx, gift, 'e2e', gift.paymentIntentId, ctx.clock.now()));
    seeded.push(gift);
  }
  // Frozen after too many wrong answers: on the list, with the gift list's Unfreeze claim.
  const { gift: frozen } = await seedGift(ctx, {
    amountCents: 2000,
    claimFrozenAt: ctx.clock.now(),
    needsAttention: FROZEN_REASON,
  });
  await database.close();
  return { refundable: seeded[0]!, reversed: seeded[1]!, frozen };
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
  let seeded: Awaited<ReturnType<typeof seedDataDir>>;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-e2e-attention-'));
    seeded = await seedDataDir(dataDir);
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

    // Money: both gifts' charges, fees and tips; their amounts still owed.
    const money = page.getByRole('region', { name: 'Money' });
    await money.locator('dd', { hasText: '$' }).first().waitFor();
    const collected = 4200 + 3000 + feeCents(4200) + feeCents(3000) + 200;
    expect(await figure(page, 'Collected')).toBe(`$${(collected / 100).toFixed(2)}`);
    expect(await figure(page, 'Owed to recipients')).toBe('$72.00');
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

    // Mark resolved with the keyboard: the gift leaves the list.
    await page.getByRole('button', { name: `Mark resolved for gift #${reversed.id}` }).focus();
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
    await expect.poll(() => figure(page, 'Refunded')).toBe('$42.00');
    expect(await figure(page, 'Owed to recipients')).toBe('$30.00');
    await page.context().close();
  });
});
