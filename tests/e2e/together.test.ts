// Give together in Chromium on the built server (decision 026): the organiser starts a group gift from the landing
// page's "Give together" and sees both links; two friends pay their shares through the hosted checkout; the share
// page shows the count and rounded progress, never an amount; the organiser sees the total and sends it; the
// recipient gets one e-mail, "Your friends sent you $X". Every new page is checked with axe on the way.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describeE2E, gotoHydrated, newPage, useBrowser, useServer, waitForHydration } from './helpers/suite.js';
import { waitForEmail } from './helpers/server.js';

let n = 0;
const unique = (what: string) => `${what}.${Date.now().toString(36)}.${++n}@example.com`;

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

async function payShare(page: Page, shareUrl: string, dollars: string, payer: { email: string; name: string }) {
  await gotoHydrated(page, shareUrl);
  await page.getByLabel('Your share in dollars').fill(dollars);
  await page.getByLabel('Tip for Hushgift in dollars').fill('0');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Email').fill(payer.email);
  await page.getByLabel('Name on card').fill(payer.name);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/together\/[A-Za-z0-9_-]{43}\?paid=true/);
  await page.getByText('your share is paid').waitFor();
}

describeE2E('give together in Chromium', () => {
  const browser = useBrowser();
  const server = useServer();

  it('starts, pools two shares anonymously, and sends one gift of the sum', async () => {
    const recipientEmail = unique('rita.group');
    const organiserEmail = unique('olive');
    const page = await newPage(browser());
    await gotoHydrated(page, server().url + '/');
    await page.getByRole('link', { name: 'Give together' }).click();
    await page.getByRole('heading', { level: 1, name: 'Give together' }).waitFor();
    // The page is prerendered and takes its scripts after the first paint: this test is of the app's form (the
    // form posted before the scripts is before-scripts.test.ts's).
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Start the group gift' }).click();
    // The message beside its field (the error summary above the form links to it with the same words).
    await page.getByText('Recipient first name is required', { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/together/new with errors');

    await page.getByLabel('Recipient first name').fill('Rita');
    await page.getByLabel('Recipient last name').fill('Recipient');
    await page.getByLabel('Recipient email').fill(recipientEmail);
    await page.getByLabel('Your email').fill(organiserEmail);
    await page.getByLabel('Message (optional)').fill('From the whole choir');
    await page.getByLabel('Deadline').selectOption('3');
    await page.getByLabel('Goal in dollars (optional)').fill('100.00');
    await page.getByRole('button', { name: 'Start the group gift' }).click();
    const shareUrl = (await page.getByTestId('share-link').textContent())!.trim();
    const organiserUrl = (await page.getByTestId('organiser-link').textContent())!.trim();
    expect(shareUrl).toMatch(/\/together\/[A-Za-z0-9_-]{43}$/);
    await expectNoAxeViolations(page, '/together/new with the links');
    const welcome = await waitForEmail(server().url, organiserEmail);
    expect(welcome.text).toContain(shareUrl);

    const friend = await newPage(browser());
    await payShare(friend, shareUrl, '30.00', { email: unique('zelda'), name: 'Zelda Quill' });
    await payShare(friend, shareUrl, '24.00', { email: unique('yannick'), name: 'Yannick Vortex' });
    await gotoHydrated(friend, shareUrl);
    await friend.getByRole('heading', { name: 'A group gift for Rita' }).waitFor();
    expect(await friend.getByTestId('contribution-count').textContent()).toBe('2 contributions so far');
    // 54 of 100: shown as 50%, and no amount anywhere on the page.
    await friend.getByText('About 50% of the goal').waitFor();
    const shown = (await friend.locator('main').textContent()) ?? '';
    for (const secret of ['Zelda', 'Yannick', '$30', '$24', '$54']) expect(shown).not.toContain(secret);
    await expectNoAxeViolations(friend, 'share page');

    await gotoHydrated(page, organiserUrl);
    await page.getByRole('heading', { name: 'Your group gift for Rita' }).waitFor();
    expect(await page.getByTestId('group-total').textContent()).toBe('$54.00');
    await expectNoAxeViolations(page, 'organiser page');
    await page.getByRole('button', { name: 'Send $54.00 to Rita now' }).click();
    await page.getByTestId('group-state').getByText(/^Sent/).waitFor();

    const mail = await waitForEmail(server().url, recipientEmail);
    expect(mail.subject).toBe('Your friends sent you $54.00');
    for (const secret of ['Zelda', 'Yannick', '$30', '$24']) expect(mail.text).not.toContain(secret);
    await page.context().close();
    await friend.context().close();
  });

  it('answers an unknown link with a page that says so', async () => {
    const page = await newPage(browser());
    await gotoHydrated(page, server().url + '/together/' + 'x'.repeat(43));
    await page.getByRole('heading', { name: 'Group gift not found' }).waitFor();
    await expectNoAxeViolations(page, 'unknown share link');
    await page.context().close();
  });
});
