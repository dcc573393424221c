// The sender's gift page in Chromium on the built server (decision 016): opened from the receipt e-mail, a corrected
// address kills the old claim link and the new one works; cancel refunds; a scheduled gift is delivered when its
// time comes; a bounced address is flagged and corrected; the thank-you note reaches the sender's mailbox.
import type { Page } from 'playwright-core';
import { describeE2E, gotoHydrated, newPage, useBrowser, useServer } from './helpers/suite.js';
import { waitForEmail } from './helpers/server.js';
import { createPaidGift, manageUrlFromReceipt } from './helpers/gifts.js';

const claimLinkIn = (text: string) => /(https?:\/\/\S+\/claim\/[A-Za-z0-9_-]{43})/.exec(text)![1]!;
let n = 0;
const unique = (what: string) => `${what}.${Date.now().toString(36)}.${++n}@example.com`;

async function stage(page: Page) {
  return (await page.getByTestId('gift-stage').textContent())?.trim();
}

describeE2E('the sender’s gift page in Chromium', () => {
  const browser = useBrowser();
  const server = useServer({ DELIVERY_INTERVAL_MS: '300' });

  it('corrects the address from the receipt link: the old claim link is dead, the new one works', async () => {
    const payerEmail = unique('payer');
    const gift = await createPaidGift(server().url, { payerEmail, recipientEmail: unique('typo') });
    const page = await newPage(browser());
    await gotoHydrated(page, await manageUrlFromReceipt(server().url, payerEmail));
    await page.getByRole('heading', { level: 1, name: 'Your gift of $50.00 to Rita' }).waitFor();
    expect(await stage(page)).toBe('Delivered, not claimed yet');
    await page.locator('li[data-event="delivered"]', { hasText: 'E-mail delivered' }).waitFor();

    const fixed = unique('fixed');
    await page.getByLabel('Correct recipient e-mail').fill(fixed);
    await page.getByRole('button', { name: 'Correct e-mail' }).click();
    await page.getByText('Address corrected', { exact: true }).waitFor();
    await page.getByText('2 corrections left.', { exact: false }).waitFor();

    const mail = await waitForEmail(server().url, fixed);
    const newLink = claimLinkIn(mail.text);
    await page.goto(gift.claimUrl);
    await page.getByRole('heading', { name: 'Gift Not Found' }).waitFor();
    await page.goto(newLink);
    await page.getByRole('heading', { name: "You've Received a Gift!" }).waitFor();
    await page.context().close();
  });

  it('cancels after a dialog that states the refund, and the sender gets the refund e-mail', async () => {
    const payerEmail = unique('canceller');
    const gift = await createPaidGift(server().url, { payerEmail, amountCents: 7000, tipCents: 300 });
    const page = await newPage(browser());
    await gotoHydrated(page, await manageUrlFromReceipt(server().url, payerEmail));
    await page.getByRole('button', { name: 'Cancel gift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this gift?' });
    await dialog.waitFor();
    // Centred in the window (the CSS reset removes a dialog's automatic margins).
    const box = (await dialog.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThanOrEqual(2);
    expect(await dialog.textContent()).toContain(
      'We refund the gift amount of $70.00 to your card. The processing fee ($3.80) and your tip ($3.00) are kept',
    );
    await dialog.getByRole('button', { name: 'Cancel and refund $70.00' }).click();
    await page.getByText('Gift cancelled', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="gift-stage"]')?.textContent === 'Refunded');
    expect(await page.getByRole('button', { name: 'Cancel gift' }).count()).toBe(0);
    const refund = await waitForEmail(server().url, payerEmail, (e) => /refunded/.test(e.subject));
    expect(refund.text).toContain('You cancelled your anonymous gift of $70.00');
    await page.goto(gift.claimUrl);
    await page.getByRole('heading', { name: 'Gift Not Found' }).waitFor();
    await page.context().close();
  });

  it('schedules a gift on the review page and delivers it when its time comes', async () => {
    // A zone where 09:00 today has passed, so moving the delivery to today makes it due now.
    const zones = [
      'Pacific/Honolulu',
      'America/Los_Angeles',
      'America/New_York',
      'UTC',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Asia/Tokyo',
      'Pacific/Kiritimati',
    ];
    const hourIn = (zone: string) =>
      Number(
        new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
      );
    const timezoneId = zones.find((z) => hourIn(z) >= 10 && hourIn(z) <= 22)!;
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, timezoneId });
    const page = await context.newPage();
    const recipientEmail = unique('later');
    const payerEmail = unique('planner');
    // The draft as the earlier steps leave it, then the review page.
    await page.goto(server().url + '/');
    await page.evaluate((email) => {
      sessionStorage.setItem(
        'hushgift:gift-draft',
        JSON.stringify({
          amount: 50,
          tip: 1,
          recipientFirstName: 'Lena',
          recipientLastName: 'Later',
          recipientEmail: email,
        }),
      );
    }, recipientEmail);
    await gotoHydrated(page, server().url + '/gift/review');
    await page.getByRole('heading', { name: 'Review Your Gift' }).waitFor();
    await page.getByLabel('On a date').check();
    await page.getByText(`in your time zone (${timezoneId})`, { exact: false }).waitFor();
    const tomorrow = await page.getByLabel('Delivery date').inputValue();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByLabel('Email').fill(payerEmail);
    await page.getByLabel('Name on card').fill('Pat Planner');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/success');

    const receipt = await waitForEmail(server().url, payerEmail, (e) => /receipt/.test(e.subject));
    expect(receipt.text).toContain(`at 9:00 AM (${timezoneId})`);
    await gotoHydrated(page, /(https?:\/\/\S+\/gift\/manage\/[A-Za-z0-9_-]{43})/.exec(receipt.text)![1]!);
    expect(await stage(page)).toBe('Scheduled');
    await page.getByText('Planned delivery').waitFor();
    const noMail = await fetch(`${server().url}/api/dev/emails?to=${encodeURIComponent(recipientEmail)}`);
    expect(await noMail.json()).toEqual([]);
    expect(tomorrow).toMatch(/^\d{4}-\d\d-\d\d$/);

    // The day comes: moved to today, whose 09:00 has passed in this zone; the delivery job sends it.
    const today = await page.getByLabel('Change delivery date').getAttribute('min');
    await page.getByLabel('Change delivery date').fill(today!);
    await page.getByRole('button', { name: 'Change date' }).click();
    const mail = await waitForEmail(server().url, recipientEmail);
    expect(mail.subject).toBe("You've received an anonymous gift of $50.00");
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="gift-stage"]')?.textContent === 'Delivered, not claimed yet',
    );
    await context.close();
  });

  it('flags a bounced address, tells the sender, and delivers once corrected', async () => {
    const payerEmail = unique('bouncer');
    await createPaidGift(server().url, { payerEmail, recipientEmail: 'nobody@bounce.invalid' }).catch(() => undefined);
    const notice = await waitForEmail(server().url, payerEmail, (e) => /could not deliver/.test(e.subject));
    const page = await newPage(browser());
    await gotoHydrated(page, /(https?:\/\/\S+\/gift\/manage\/[A-Za-z0-9_-]{43})/.exec(notice.text)![1]!);
    expect(await stage(page)).toBe('Undeliverable: please correct the address');
    await page.getByRole('alert').filter({ hasText: 'refused n***@bounce.invalid' }).waitFor();
    await page.locator('li[data-event="bounced"]', { hasText: 'E-mail bounced' }).waitFor();
    const fixed = unique('reachable');
    await page.getByLabel('Correct recipient e-mail').fill(fixed);
    await page.getByRole('button', { name: 'Correct e-mail' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="gift-stage"]')?.textContent === 'Delivered, not claimed yet',
    );
    await waitForEmail(server().url, fixed);
    await page.context().close();
  });

  it('lets the recipient send a thank-you note after claiming; it arrives in the sender’s mailbox', async () => {
    const payerEmail = unique('thanked');
    const gift = await createPaidGift(server().url, { payerEmail, securityQuestion: null });
    const page = await newPage(browser());
    await gotoHydrated(page, gift.claimUrl);
    await page.getByRole('button', { name: 'Claim Your Gift' }).click();
    await page.getByRole('heading', { name: 'Complete Your Account Setup' }).waitFor();
    const [onboarding] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Complete Account Setup' }).click(),
    ]);
    await onboarding.waitForLoadState();
    await onboarding.getByLabel('Outcome').selectOption({ label: 'Verified' });
    await onboarding.getByRole('button', { name: 'Submit' }).click();
    await onboarding.waitForURL(`${server().url}/claim-success`);
    await onboarding.getByRole('heading', { name: 'Send a thank-you note' }).waitFor();
    await onboarding.getByText('They stay anonymous', { exact: false }).waitFor();
    await onboarding.getByLabel('Your note').fill('Thank you, whoever you are! https://example.com');
    await onboarding.getByRole('button', { name: 'Send note' }).click();
    await onboarding.getByText('Your note is on its way. Thank you!').waitFor();
    // What the recipient sees afterwards says nothing about the sender.
    const after = (await onboarding.textContent('main')) ?? '';
    expect(after).not.toMatch(/Sam|Sender|thanked\./);
    const mail = await waitForEmail(server().url, payerEmail, (e) => /thank-you note/.test(e.subject));
    expect(mail.text).toContain('> Thank you, whoever you are! https://example.com');
    expect(mail.html).not.toContain('href="https://example.com"');
    const page2 = await newPage(browser());
    await gotoHydrated(page2, await manageUrlFromReceipt(server().url, payerEmail));
    expect(await page2.getByTestId('thank-you-note').textContent()).toBe(
      'Thank you, whoever you are! https://example.com',
    );
    expect(await page2.getByTestId('thank-you-note').locator('a').count()).toBe(0);
    await page.context().close();
    await page2.context().close();
  });
});
