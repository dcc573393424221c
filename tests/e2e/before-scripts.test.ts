// What a person does on a painted page before its scripts arrive is never lost (issue 16, decisions 007, 015 and 026):
// the app's scripts are held back (route interception) while the test acts on the prerendered HTML, then released.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DRAFT_KEY } from '../../src/client/lib/gift-draft.js';
import { SUPPORT_EMAIL_PUBLIC } from '../../src/shared/constants.js';
import { CONTACT_RATE_LIMIT } from '../../src/shared/schemas/contact.js';
import { waitForEmail } from './helpers/server.js';
import { startGroup } from './helpers/together.js';
import {
  describeE2E,
  holdScripts,
  isHydrated,
  newPage,
  useBrowser,
  useServer,
  waitForHydration,
} from './helpers/suite.js';

/** The next page's address, without waiting for its load event, which a held script holds back. */
const COMMITTED = { waitUntil: 'commit' } as const;

describeE2E('pages before their scripts arrive', () => {
  const browser = useBrowser();
  const server = useServer();

  /** A page at `path` painted from its HTML with every app script held; answers the page and the release. */
  const openHeld = async (path: string) => {
    const page = await newPage(browser());
    const release = await holdScripts(page);
    await page.goto(server().url + path, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await isHydrated(page)).toBe(false);
    return { page, release };
  };
  const savedAmount = (page: Page) =>
    page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').amount as unknown, DRAFT_KEY);
  const recipientStep = (page: Page) => page.getByRole('heading', { name: "Who's Receiving Your Gift?" });

  describe('the landing amount form', () => {
    it('sends a preset chosen before the scripts to the recipient step, which keeps the amount', async () => {
      const { page, release } = await openHeld('/');
      // Nothing chosen: the browser itself refuses to send the form.
      await page.getByRole('button', { name: 'Continue' }).click();
      expect(
        await page
          .getByRole('radio', { name: '$25', exact: true })
          .evaluate((r: HTMLInputElement) => r.validity.valueMissing),
      ).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/');

      await page.getByRole('radio', { name: '$50', exact: true }).check();
      expect(await page.getByRole('radio', { name: '$50', exact: true }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.pathname === '/gift/recipient-info', COMMITTED);
      // An amount is not personal data; the (hidden, empty) custom field travels too.
      expect(new URL(page.url()).search).toBe('?amount=50&customAmount=');
      release();
      await recipientStep(page).waitFor();
      await page.getByText('$50.00').waitFor();
      // The amount is saved and leaves the address.
      await page.waitForURL((u) => u.pathname === '/gift/recipient-info' && u.search === '');
      expect(await savedAmount(page)).toBe(50);
      await page.context().close();
    });

    it('sends a custom amount typed before the scripts', async () => {
      const { page, release } = await openHeld('/');
      const field = page.getByLabel('Custom amount ($)');
      expect(await field.isVisible()).toBe(false);
      await page.getByRole('radio', { name: 'Custom', exact: true }).check();
      await field.fill('12.34');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.pathname === '/gift/recipient-info', COMMITTED);
      expect(new URL(page.url()).searchParams.get('customAmount')).toBe('12.34');
      release();
      await recipientStep(page).waitFor();
      await page.getByText('$12.34').waitFor();
      expect(await savedAmount(page)).toBe(12.34);
      await page.context().close();
    });

    it('brings a custom amount under the minimum back to the form, with why, once the scripts arrive', async () => {
      const { page, release } = await openHeld('/');
      await page.getByRole('radio', { name: 'Custom', exact: true }).check();
      await page.getByLabel('Custom amount ($)').fill('4');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.pathname === '/gift/recipient-info', COMMITTED);
      release();
      await page.getByText('The minimum gift is $5.00.').waitFor();
      await page.waitForURL((u) => u.pathname === '/' && u.search === '');
      expect(await page.getByRole('radio', { name: 'Custom', exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel('Custom amount ($)').inputValue()).toBe('4');
      expect(await page.getByLabel('Custom amount ($)').getAttribute('aria-invalid')).toBe('true');
      expect(await savedAmount(page)).toBeUndefined();
      await page.context().close();
    });

    it('keeps a choice made before hydration once the scripts arrive', async () => {
      const { page, release } = await openHeld('/');
      await page.getByRole('radio', { name: 'Custom', exact: true }).check();
      await page.getByLabel('Custom amount ($)').fill('20');
      release();
      await waitForHydration(page);
      expect(await page.getByRole('radio', { name: 'Custom', exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel('Custom amount ($)').inputValue()).toBe('20');
      // The hydrated form has taken the choice over: Continue goes on in the app, without a page load.
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      await page.getByRole('button', { name: 'Continue' }).click();
      await recipientStep(page).waitFor();
      await page.getByText('$20.00').waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      await page.context().close();
    });
  });

  describe('the pricing calculator', () => {
    it('shows the figures of an amount typed before hydration once the scripts arrive', async () => {
      const { page, release } = await openHeld('/pricing');
      const amount = page.getByLabel('Gift amount (USD)');
      await amount.fill('200');
      release();
      await waitForHydration(page);
      // $200 + 5% + $0.30; the figures of the initial $75 would say $79.05.
      await page.getByTestId('calc-total').getByText('$210.30', { exact: true }).waitFor();
      expect(await amount.inputValue()).toBe('200');
      await amount.fill('100');
      await page.getByTestId('calc-total').getByText('$105.30', { exact: true }).waitFor();
      await page.context().close();
    });
  });

  describe('the FAQ', () => {
    it('opens answers before the scripts; the filter is disabled until they arrive, and keeps them open', async () => {
      const { page, release } = await openHeld('/faq');
      const question = page.locator('main li summary', { hasText: 'How much does it cost?' });
      const answer = page.getByText('a $50.00 gift costs $52.80 in total');
      expect(await answer.isVisible()).toBe(false);
      await question.click();
      await answer.waitFor();
      const fees = page.getByRole('button', { name: 'Fees & Pricing' });
      expect(await fees.isDisabled()).toBe(true);
      release();
      await waitForHydration(page);
      await expect(fees.isEnabled()).resolves.toBe(true);
      await fees.click();
      expect(await page.locator('main li summary').count()).toBeLessThan(20);
      // Opened before hydration, still open after it and after filtering.
      expect(await answer.isVisible()).toBe(true);
      await page.context().close();
    });
  });

  describe('the contact form', () => {
    const form = (page: Page) => page.getByRole('form', { name: 'Contact form' });
    const fill = async (page: Page, subject: string, email = 'robin@example.com') => {
      await form(page).getByLabel('Name').fill('Robin Reader');
      await form(page).getByLabel('Email').fill(email);
      await form(page).getByLabel('Category').selectOption({ label: 'Problem with a gift' });
      await form(page).getByLabel('Subject').fill(subject);
      await form(page).getByLabel('Message').fill(`Hello, about ${subject}.`);
    };
    const mailTo = (subject: string) =>
      waitForEmail(server().url, SUPPORT_EMAIL_PUBLIC, (m) => m.subject.includes(subject));
    /** The answer is a page of its own, with no app script, and nothing typed is in its address. */
    const expectServerAnswer = async (page: Page) => {
      expect(new URL(page.url()).pathname).toBe('/contact');
      expect(new URL(page.url()).search).toBe('');
      expect(await page.locator('script[src], #hg-after-paint').count()).toBe(0);
    };

    it('posts a message sent before the scripts: it is stored and a page says it was sent', async () => {
      const { page } = await openHeld('/contact');
      await fill(page, 'Sent before the scripts');
      const answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Send Message' }).click();
      const response = await answer;
      expect(response.url()).toBe(server().url + '/contact');
      expect(response.request().headers()['content-type']).toBe('application/x-www-form-urlencoded');
      expect(response.status()).toBe(200);
      await page.getByRole('status').getByText('Message sent successfully!').waitFor();
      await page.getByText("Thank you for your message. We'll get back to you soon.").waitFor();
      await expectServerAnswer(page);
      const mail = await mailTo('Sent before the scripts');
      expect(mail.subject).toBe('[Contact: Problem with a gift] Sent before the scripts');
      expect(mail.text).toContain('Robin Reader <robin@example.com>');
      expect(mail.text).toContain('Hello, about Sent before the scripts.');
      await page.context().close();
    });

    it('without JavaScript, shows each problem next to its field with everything typed kept, then sends', async () => {
      const context = await browser().newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(server().url + '/contact');
      await fill(page, 'Sent without JavaScript', 'not-an-address');
      await form(page).getByLabel('Category').selectOption('');
      const answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Send Message' }).click();
      expect((await answer).status()).toBe(400);
      await expectServerAnswer(page);

      const email = form(page).getByLabel('Email');
      const category = form(page).getByLabel('Category');
      for (const [control, message] of [
        [email, 'Please enter a valid email address'],
        [category, 'Category is required'],
      ] as const) {
        expect(await control.getAttribute('aria-invalid')).toBe('true');
        const described = await control.getAttribute('aria-describedby');
        expect(await page.locator(`[id="${described!.split(' ')[0]}"]`).textContent()).toBe(message);
      }
      expect(await form(page).getByLabel('Name').getAttribute('aria-invalid')).toBeNull();
      expect(await form(page).getByLabel('Name').inputValue()).toBe('Robin Reader');
      expect(await email.inputValue()).toBe('not-an-address');
      expect(await form(page).getByLabel('Subject').inputValue()).toBe('Sent without JavaScript');
      expect(await form(page).getByLabel('Message').inputValue()).toBe('Hello, about Sent without JavaScript.');

      // The answer's form posts again.
      await email.fill('robin@example.com');
      await category.selectOption({ label: 'Feedback' });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByRole('status').getByText('Message sent successfully!').waitFor();
      expect((await mailTo('Sent without JavaScript')).subject).toBe('[Contact: Feedback] Sent without JavaScript');
      await context.close();
    });

    it('keeps what was typed before hydration, and the hydrated form sends it as before', async () => {
      const { page, release } = await openHeld('/contact');
      await fill(page, 'Typed before hydration');
      release();
      await waitForHydration(page);
      expect(await form(page).getByLabel('Message').inputValue()).toBe('Hello, about Typed before hydration.');
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact'));
      await page.getByRole('button', { name: 'Send Message' }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        name: 'Robin Reader',
        email: 'robin@example.com',
        category: 'gift-problem',
        subject: 'Typed before hydration',
        message: 'Hello, about Typed before hydration.',
      });
      await page.getByText('Message sent successfully!', { exact: true }).waitFor();
      expect(await form(page).getByLabel('Subject').inputValue()).toBe('');
      expect((await mailTo('Typed before hydration')).text).toContain('Hello, about Typed before hydration.');
      await page.context().close();
    });
  });

  describe('the give-together form', () => {
    const fillGroup = async (page: Page, recipientEmail: string) => {
      await page.getByLabel('Recipient first name').fill('Rosa');
      await page.getByLabel('Recipient last name').fill('Receiver');
      await page.getByLabel('Recipient email').fill(recipientEmail);
      await page.getByLabel('Your email').fill('olga.organiser@example.com');
      await page.getByLabel('Message (optional)').fill('From the whole team');
      await page.getByLabel('Deadline').selectOption({ label: 'In 5 days' });
      await page.getByLabel('Goal in dollars (optional)').fill('200.00');
    };

    it('without JavaScript, shows each problem with everything typed kept, then starts and shows both links', async () => {
      const context = await browser().newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(server().url + '/together/new');
      expect(await page.getByLabel('Deadline').inputValue()).toBe('7');
      await fillGroup(page, 'not-an-address');
      const answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Start the group gift' }).click();
      const refused = await answer;
      expect(refused.status()).toBe(400);
      expect(refused.request().headers()['content-type']).toBe('application/x-www-form-urlencoded');
      expect(new URL(page.url()).pathname).toBe('/together/new');
      expect(new URL(page.url()).search).toBe('');

      const email = page.getByLabel('Recipient email');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      const described = await email.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described!.split(' ')[0]}"]`).textContent()).toMatch(/email/i);
      await page
        .getByRole('alert')
        .getByRole('link', { name: /Recipient email/ })
        .waitFor();
      expect(await page.getByLabel('Recipient first name').inputValue()).toBe('Rosa');
      expect(await page.getByLabel('Message (optional)').inputValue()).toBe('From the whole team');
      expect(await page.getByLabel('Deadline').inputValue()).toBe('5');
      expect(await page.getByLabel('Goal in dollars (optional)').inputValue()).toBe('200.00');

      // The answer's form posts again; the links are shown, and nothing typed is in the address.
      await email.fill('rosa.receiver@example.com');
      await page.getByRole('button', { name: 'Start the group gift' }).click();
      await page.getByRole('status').getByText('Your group gift is open.', { exact: false }).waitFor();
      const share = (await page.getByTestId('share-link').textContent())!;
      const organiser = (await page.getByTestId('organiser-link').getAttribute('href'))!;
      expect(share).toMatch(/\/together\/[A-Za-z0-9_-]{43}$/);
      expect(organiser).toMatch(/\/together\/organise\/[A-Za-z0-9_-]{43}$/);
      expect(page.url()).toBe(server().url + '/together/new');
      expect(await page.locator('script[src], #hg-after-paint').count()).toBe(0);
      await context.close();

      // The share link works: its page names the recipient.
      const shared = await fetch(`${server().url}/api/together/${share.split('/').pop()}`);
      expect(await shared.json()).toMatchObject({ recipientFirstName: 'Rosa', contributions: 0 });
    });

    it('keeps what was typed before hydration, and the hydrated form starts the group through the API', async () => {
      const { page, release } = await openHeld('/together/new');
      await fillGroup(page, 'rosa.hydrated@example.com');
      release();
      await waitForHydration(page);
      expect(await page.getByLabel('Recipient email').inputValue()).toBe('rosa.hydrated@example.com');
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/together'));
      await page.getByRole('button', { name: 'Start the group gift' }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        recipientFirstName: 'Rosa',
        recipientEmail: 'rosa.hydrated@example.com',
        deadlineDays: 5,
        goal: '200.00',
      });
      await page.getByTestId('organiser-link').waitFor();
      await page.context().close();
    });
  });
  describe("the share page's contribution form", () => {
    const shareUrl = async () => server().url + '/together/' + (await startGroup(server().url)).shareToken;
    const amount = (page: Page) => page.getByLabel('Your share in dollars');
    const tip = (page: Page) => page.getByLabel('Tip for Hushgift in dollars');
    const axe = async (page: Page, what: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        what,
      ).toEqual([]);
    };

    it('without JavaScript, shows each problem with what was typed kept, then contributes through the checkout', async () => {
      const url = await shareUrl();
      const context = await browser().newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: 'A group gift for Rhea' }).waitFor();
      expect(await page.getByTestId('contribution-count').textContent()).toBe('0 contributions so far');
      await amount(page).fill('3');
      await tip(page).fill('0.50');
      const answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      const refused = await answer;
      expect(refused.status()).toBe(400);
      expect(refused.request().headers()['content-type']).toBe('application/x-www-form-urlencoded');
      expect(new URL(page.url()).search).toBe('');
      expect(await amount(page).inputValue()).toBe('3');
      expect(await tip(page).inputValue()).toBe('0.50');
      expect(await amount(page).getAttribute('aria-invalid')).toBe('true');
      const described = await amount(page).getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described!.split(' ')[0]}"]`).textContent()).toBe('The minimum gift is $5.00');
      await page
        .getByRole('alert')
        .getByRole('link', { name: /Your share in dollars/ })
        .waitFor();
      // What it would cost, computed by the server for what was typed.
      await page.getByText('You pay $3.95', { exact: false }).waitFor();

      // The answer's form posts again: to the hosted checkout, paid, and back on the share page.
      await amount(page).fill('30');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.getByLabel('Email').fill('nora.noscript@example.com');
      await page.getByLabel('Name on card').fill('Nora Noscript');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.waitForURL(/\/together\/[A-Za-z0-9_-]{43}\?paid=true$/);
      await page.getByText('your share is paid', { exact: false }).waitFor();
      expect(await page.getByTestId('contribution-count').textContent()).toBe('1 contribution so far');
      // 30 of 100: shown as 30%, never the amount.
      await page.getByText('About 30% of the goal').waitFor();
      expect(await page.locator('main').textContent()).not.toContain('$30');
      await context.close();
    });

    it('with its scripts held, the page and its answer pass axe, and a share is paid through the checkout', async () => {
      const url = await shareUrl();
      const { page } = await openHeld(url.slice(server().url.length));
      await axe(page, 'share page before its scripts');
      await amount(page).fill('2');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page
        .getByRole('alert')
        .getByRole('link', { name: /Your share in dollars/ })
        .waitFor();
      expect(await page.locator('script[src], #hg-after-paint').count()).toBe(0);
      await axe(page, "the share form's answer without scripts");
      await amount(page).fill('12.00');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/\/sandbox\/checkout\//, COMMITTED);
      await page.getByLabel('Email').fill('hal.held@example.com');
      await page.getByLabel('Name on card').fill('Hal Held');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      // Back on the share page, painted from the server's HTML while its scripts are still held.
      await page.waitForURL(/\?paid=true$/, COMMITTED);
      await page.getByText('your share is paid', { exact: false }).waitFor();
      expect(await page.getByTestId('contribution-count').textContent()).toBe('1 contribution so far');
      expect(await isHydrated(page)).toBe(false);
      await axe(page, 'share page after paying, before its scripts');
      await page.context().close();
    });

    it('keeps what was typed before hydration, and the hydrated form opens the checkout through the API', async () => {
      const url = await shareUrl();
      const { page, release } = await openHeld(url.slice(server().url.length));
      await amount(page).fill('25');
      await tip(page).fill('0');
      release();
      await waitForHydration(page);
      expect(await amount(page).inputValue()).toBe('25');
      expect(await tip(page).inputValue()).toBe('0');
      // The hydrated form has taken the values over: $25 + 5% + $0.30.
      await page.getByText('You pay $26.55', { exact: false }).waitFor();
      const sent = page.waitForRequest((r) => r.url().endsWith('/contributions'));
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      expect((await sent).postDataJSON()).toMatchObject({ amount: '25', tip: '0', totalPaid: '26.55' });
      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.context().close();
    });
  });
});

describeE2E('the contact form posted without scripts, protected as the JSON API is', () => {
  const server = useServer();
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server().url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ website: '', ...fields }).toString(),
    });
  const fields = (subject: string) => ({
    name: 'Casey Limit',
    email: 'casey@example.com',
    category: 'general',
    subject,
    message: 'Checking the limit',
  });
  const sentCount = async () =>
    ((await (await fetch(`${server().url}/api/dev/emails?to=${SUPPORT_EMAIL_PUBLIC}`)).json()) as unknown[]).length;

  it('refuses a cross-site post as the JSON API does', async () => {
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const res = await post(fields('Cross-site'), headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: 'CSRF_REJECTED',
        message: 'Cross-site requests are not allowed. Use the form on this site.',
      });
    }
    // Same origin, as a browser sends its own form (Referrer-Policy: no-referrer makes Origin "null").
    const own = await post(fields('Same site'), { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
  });

  it('shares the per-client hourly limit of POST /api/contact and keeps what was typed when refused', async () => {
    // One was sent by the test above; the JSON API counts in the same bucket.
    const api = await fetch(`${server().url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields('Through the API')),
    });
    expect(api.status).toBe(201);
    for (let i = 3; i <= CONTACT_RATE_LIMIT; i++) expect((await post(fields(`Allowed ${i}`))).status).toBe(200);
    await expect.poll(sentCount).toBe(CONTACT_RATE_LIMIT);

    const refused = await post({ ...fields('One too many'), message: 'Please <keep> this & that' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(html).toContain(`You have sent ${CONTACT_RATE_LIMIT} messages in the last hour.`);
    expect(html).toContain('value="One too many"');
    expect(html).toContain('Please &lt;keep&gt; this &amp; that</textarea>');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await sentCount()).toBe(CONTACT_RATE_LIMIT);
  });
});
