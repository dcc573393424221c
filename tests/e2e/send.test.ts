// The whole sender flow in Chromium on the built server: landing → amount → recipient → message → security →
// review → custom tip → sandbox checkout → /success, the recipient's e-mail and its claim link; the declined card;
// the cancel path back to review with everything intact; Back from review prefilling each step.
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { describeE2E, gotoHydrated, newPage, useBrowser, useServer } from './helpers/suite.js';
import { waitForEmail } from './helpers/server.js';
import { fillGiftToReview } from './helpers/send-flow.js';

describeE2E('sending a gift in Chromium', () => {
  const browser = useBrowser();
  const server = useServer();

  const fillToReview = (page: Page, recipientEmail: string) => fillGiftToReview(page, server().url, recipientEmail);

  const summary = (page: Page) => page.getByRole('definition').allTextContents();

  it('pays with a custom tip, lands on /success, and the recipient gets a working claim link', async () => {
    const page = await newPage(browser());
    await fillToReview(page, 'e2e.rita@example.com');
    const main = page.getByRole('main');
    for (const text of [
      'Rita Recipient',
      'e2e.rita@example.com',
      '$50.00',
      'Happy birthday, Rita!',
      'Name of our first cat?',
      'Tiger',
    ]) {
      await main.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await page.getByLabel('Custom tip ($)').fill('2.50');
    await page.waitForFunction(() => document.body.textContent?.includes('$55.30'));
    expect(await summary(page)).toEqual(['$50.00', '$2.80', '$2.50', '$55.30']);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await page.getByText('Sandbox mode — no real money moves').waitFor();
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await page.getByLabel('Email').fill('e2e.sender@example.com');
    await page.getByLabel('Name on card').fill('Sam Sender');
    await page.getByRole('button', { name: /^Pay \$55\.30$/ }).click();
    await page.waitForURL('**/success');
    await page.getByRole('heading', { name: 'Gift Sent Successfully!' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.getByRole('link', { name: 'Send Another Gift' }).waitFor();

    const mail = await waitForEmail(server().url, 'e2e.rita@example.com');
    expect(mail.subject).toBe("You've received an anonymous gift of $50.00");
    expect(mail.text).not.toMatch(/Sam|Sender|e2e\.sender/);
    const claimUrl = new RegExp(`${server().url}/claim/[A-Za-z0-9_-]{43}`).exec(mail.text)![0];
    await page.goto(claimUrl);
    expect(new URL(page.url()).pathname).toMatch(/^\/claim\/[A-Za-z0-9_-]{43}$/);
    await page.getByRole('heading', { name: "You've Received a Gift!" }).waitFor();
    const receipt = await waitForEmail(server().url, 'e2e.sender@example.com');
    expect(receipt.subject).toBe('Your Hushgift receipt: $55.30');
    await page.context().close();
  });

  it('declines the test card on the sandbox page and stays there', async () => {
    const page = await newPage(browser());
    await fillToReview(page, 'e2e.declined@example.com');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    const url = page.url();
    await page.getByLabel('Email').fill('d@example.com');
    await page.getByLabel('Name on card').fill('Dee Cline');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    expect(page.url()).toBe(url);
    await page.context().close();
  });

  it('cancel at checkout returns to review with the notice, the parameter removed and every field intact', async () => {
    const page = await newPage(browser());
    await fillToReview(page, 'e2e.cancel@example.com');
    await page.getByRole('button', { name: '$3', exact: true }).click();
    await page.getByLabel('Create a donor account to track your gifts').check();
    await page.getByLabel('Your first name').fill('Dana');
    await page.getByLabel('Your last name').fill('Donor');
    await page.getByLabel('Your email').fill('dana.e2e@example.com');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    expect(await page.getByLabel('Email').inputValue()).toBe('dana.e2e@example.com');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('main').getByRole('status').getByText('Payment canceled', { exact: true }).waitFor();
    await page.getByText('Notification Payment canceled').waitFor(); // the info toast
    await page.waitForURL((u) => u.pathname === '/gift/review' && u.search === '');
    const main = page.getByRole('main');
    for (const text of [
      'Rita Recipient',
      'e2e.cancel@example.com',
      'Happy birthday, Rita!',
      'Name of our first cat?',
      'Tiger',
    ]) {
      await main.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await page.getByRole('button', { name: '$3', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await summary(page)).toEqual(['$50.00', '$2.80', '$3.00', '$55.80']);
    expect(await page.getByLabel('Create a donor account to track your gifts').isChecked()).toBe(true);
    expect(await page.getByLabel('Your email').inputValue()).toBe('dana.e2e@example.com');
    // Reloading keeps everything too (the draft is in sessionStorage), and the notice is gone.
    await page.reload();
    await page.getByRole('heading', { name: 'Review Your Gift' }).waitFor();
    expect(await page.getByText('Payment canceled', { exact: true }).count()).toBe(0);
    expect(await summary(page)).toEqual(['$50.00', '$2.80', '$3.00', '$55.80']);
    await page.context().close();
  });

  it('Back from review prefills each step on the way to the landing page', async () => {
    const page = await newPage(browser());
    await fillToReview(page, 'e2e.back@example.com');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/gift/security');
    // The URL changes before the step's page replaces the review page (its chunk may still be loading), and the
    // review page has a "Security Question" card: read the fields once the step is there.
    await page.getByRole('heading', { name: 'Add Security Question' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Security question' }).inputValue()).toBe('Custom question');
    expect(await page.getByLabel('Your custom question').inputValue()).toBe('Name of our first cat?');
    expect(await page.getByLabel('Answer').inputValue()).toBe('Tiger');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/gift/personal-message');
    await page.getByRole('heading', { name: 'Add a Personal Message' }).waitFor();
    expect(await page.getByLabel('Your message').inputValue()).toBe('Happy birthday, Rita!');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/gift/recipient-info');
    await page.getByRole('heading', { name: "Who's Receiving Your Gift?" }).waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Rita');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Recipient');
    expect(await page.getByLabel('Email Address').inputValue()).toBe('e2e.back@example.com');
    expect(await page.getByLabel('Add a personal message').isChecked()).toBe(true);
    expect(await page.getByLabel('Add a security question').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.getByRole('radio', { name: '$50', exact: true }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('Skip on the message page goes on without a note; Skip on security goes to review without a question', async () => {
    const page = await newPage(browser());
    await fillToReview(page, 'e2e.skip@example.com');
    await page.getByRole('link', { name: 'Edit message' }).click();
    await page.waitForURL('**/gift/personal-message');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL('**/gift/security');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL('**/gift/review');
    expect(await page.getByText('Happy birthday, Rita!').count()).toBe(0);
    expect(await page.getByText('Name of our first cat?').count()).toBe(0);
    // Both options are now off: their pages send the visitor back to review.
    await page.goto(server().url + '/gift/personal-message');
    await page.waitForURL('**/gift/review');
    await page.goto(server().url + '/gift/security');
    await page.waitForURL('**/gift/review');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/gift/recipient-info');
    await page.context().close();
  });

  it('redirects gift pages without a draft to the landing page; the amount form enforces $5 and "Send a Gift" starts over', async () => {
    const page = await newPage(browser(), { width: 360, height: 740 });
    for (const path of [
      '/gift/recipient-info',
      '/gift/personal-message',
      '/gift/security',
      '/gift/review',
      '/gift/review-new',
    ]) {
      await page.goto(server().url + path);
      await page.waitForURL((u) => u.pathname === '/');
    }
    const cont = page.getByRole('button', { name: 'Continue' });
    expect(await cont.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: '$25', exact: true }).check();
    await page.getByRole('radio', { name: 'Custom', exact: true }).check();
    expect(await cont.isDisabled()).toBe(true); // a preset amount is reset by Custom
    await page.getByLabel('Custom amount ($)').fill('4.99');
    await cont.click();
    await page.getByText('The minimum gift is $5.00.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByLabel('Custom amount ($)').fill('999999.99');
    await cont.click();
    await page
      .getByText(
        'The maximum gift is $950,000.00: with the fee and tip it must fit in one card payment of at most $999,999.99.',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByLabel('Custom amount ($)').fill('12.34');
    await cont.click();
    await page.waitForURL('**/gift/recipient-info');
    await page.getByText('$12.34').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await gotoHydrated(page, server().url + '/');
    await page.getByRole('main').getByRole('link', { name: 'Send a Gift' }).click();
    expect(await page.getByRole('radio', { name: 'Custom', exact: true }).isChecked()).toBe(false);
    expect(
      await page.getByRole('radio', { name: '$25', exact: true }).evaluate((r) => r === document.activeElement),
    ).toBe(true);
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('hushgift:gift-draft') ?? '{}').tip)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.context().close();
  });

  it('has no axe violations and no horizontal scroll at 360 px on every sender page', async () => {
    const page = await newPage(browser(), { width: 360, height: 740 });
    const check = async (name: string) => {
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(violations.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    };
    await gotoHydrated(page, server().url + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check('landing');
    await page.getByRole('radio', { name: 'Custom', exact: true }).check();
    await page.getByLabel('Custom amount ($)').fill('4');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The minimum gift is $5.00.').waitFor();
    await check('landing with error');
    await fillToReview(page, 'e2e.axe@example.com');
    await page.getByLabel('Create a donor account to track your gifts').check();
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await check('review');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Add Security Question' }).waitFor();
    await check('security');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Add a Personal Message' }).waitFor();
    await check('message');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: "Who's Receiving Your Gift?" }).waitFor();
    await check('recipient');
    await page.goto(server().url + '/gift/review');
    // Opted in to a donor account but left its fields empty: the shared schema stops the payment.
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByText('Error creating gift', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/gift/review');
    await page.getByText('Donor first name is required', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('donorFirstName');
    await check('review with donor errors');
    await page.getByLabel('Create a donor account to track your gifts').uncheck();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await check('sandbox checkout');
    await page.goto(server().url + '/success');
    await page.getByRole('heading', { name: 'Gift Sent Successfully!' }).waitFor();
    await check('success');
    await page.context().close();
  });
});
