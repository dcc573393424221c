// A gift held for review in Chromium on the built server (decision 024): the payer sends it to their own mailbox,
// so it is held. The status page and the sender's gift page say only that it is being checked; the admin's
// Review section lists it with its reason (axe-clean), Block payer lists its payer in Blocks (where a recipient
// address is blocked and each block removed from the keyboard), Reject asks first, and the status page then says
// only that the gift could not be completed.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { HELD_GIFT_TEXT, REJECTED_GIFT_TEXT } from '../../src/shared/risk.js';
import { describeE2E, focusWhenEnabled, gotoHydrated, newPage, useBrowser, useServer } from './helpers/suite.js';
import { createPaidGift, manageUrlFromReceipt } from './helpers/gifts.js';

const ADMIN = { firstName: 'Olive', lastName: 'Owner', email: 'owner@example.com', password: 'correct horse battery' };

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describeE2E('risk review in Chromium', () => {
  const browser = useBrowser();
  const server = useServer();

  it('says only "being checked" to sender and recipient, lists the gift for review, and rejects it after asking', async () => {
    const url = server().url;
    const setup = await fetch(`${url}/api/admin/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(ADMIN),
    });
    expect(setup.status).toBe(201);
    const local = `risky.${Date.now().toString(36)}`;
    const payerEmail = `${local}+pay@example.com`;
    const gift = await createPaidGift(url, {
      recipientEmail: `${local}@example.com`,
      payerEmail,
      securityQuestion: null,
    });

    // The recipient claims it; their payout account's verification is pending, and its status page (the address
    // the provider sends them back to) says only that the gift is being checked.
    const status = await newPage(browser());
    await status.goto(gift.claimUrl);
    await status.getByRole('button', { name: 'Claim Your Gift' }).click();
    const [onboarding] = await Promise.all([
      status.context().waitForEvent('page'),
      status.getByRole('link', { name: 'Complete Account Setup' }).click(),
    ]);
    await onboarding.waitForLoadState();
    await onboarding
      .getByLabel('Mobile phone (sign-in codes are texted here)')
      .fill(`55501${String(Date.now()).slice(-5)}`);
    await onboarding.getByLabel('Outcome').selectOption({ label: 'Verification pending' });
    await onboarding.getByRole('button', { name: 'Submit' }).click();
    await onboarding.getByRole('link', { name: 'Check verification status' }).click();
    await onboarding.waitForURL(/\/verification-complete\?gift_id=g_/);
    await onboarding.getByRole('heading', { name: 'Your gift is being checked' }).waitFor();
    await onboarding.getByText(HELD_GIFT_TEXT).waitFor();
    expect(await onboarding.textContent('main')).not.toMatch(/review|risk|fraud|self/i);

    // The sender's gift page.
    const sender = await newPage(browser());
    await gotoHydrated(sender, await manageUrlFromReceipt(url, payerEmail));
    expect(await sender.getByTestId('risk-notice').textContent()).toBe(HELD_GIFT_TEXT);

    // The admin's Review section: the gift, its reason, the figures; Reject asks first.
    const admin = await newPage(browser());
    await admin.goto(url + '/admin/login');
    await admin.getByLabel('Email').fill(ADMIN.email);
    await admin.getByLabel(/^Password/).fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL('**/admin/dashboard');
    const review = admin.getByRole('region', { name: /^Review/ });
    await review.getByRole('heading', { name: 'Review (1)' }).waitFor();
    const item = review.getByRole('listitem', { name: /^Gift #\d+/ });
    await item.getByText("The recipient's e-mail is the payer's").waitFor();
    expect(await axeViolations(admin)).toEqual([]);

    // Block payer: its e-mail, card and client address are listed in Blocks, each without its value.
    const blocks = admin.getByRole('region', { name: /^Blocks/ });
    await blocks.getByText('Nothing is blocked').waitFor();
    await item.getByRole('button', { name: /^Block the payer of gift #/ }).click();
    await blocks.getByRole('heading', { name: 'Blocks (3)' }).waitFor();
    const blocked = blocks.getByRole('list', { name: 'Blocked' });
    await blocked.getByText(/^E-mail of the payer of gift #\d+$/).waitFor();
    expect(await blocked.textContent()).not.toContain(local);
    // From the keyboard: a recipient address is blocked with Enter, then each block removed with Enter. The buttons
    // stay disabled until the last change's reads have answered (Enter neither submits the form nor reaches a disabled
    // button then), so a trial click waits for them first.
    await blocks.getByRole('button', { name: 'Block address' }).click({ trial: true });
    await blocks.getByRole('textbox', { name: 'Recipient address' }).focus();
    await admin.keyboard.type(`blocked.${local}@example.com`);
    await admin.keyboard.press('Enter');
    await blocks.getByRole('heading', { name: 'Blocks (4)' }).waitFor();
    await blocked.getByText('b…@example.com').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    for (let left = 3; left >= 0; left--) {
      await focusWhenEnabled(blocks.getByRole('button', { name: /^Remove the block/ }).first());
      await admin.keyboard.press('Enter');
      await (
        left > 0 ? blocks.getByRole('heading', { name: `Blocks (${left})` }) : blocks.getByText('Nothing is blocked')
      ).waitFor();
    }
    await item.getByRole('button', { name: /^Reject gift #/ }).click();
    const dialog = admin.getByRole('dialog', { name: /^Reject gift #/ });
    await dialog.waitFor();
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await item.getByRole('button', { name: /^Reject gift #/ }).click();
    await dialog.getByRole('button', { name: 'Reject and refund' }).click();
    await review.getByText('No gift is held for review').waitFor();

    await onboarding.reload();
    await onboarding.getByRole('heading', { name: 'This gift could not be completed' }).waitFor();
    await onboarding.getByText(REJECTED_GIFT_TEXT).waitFor();
  });
});
