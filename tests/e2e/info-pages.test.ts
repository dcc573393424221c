// The information pages in Chromium: headings and meta, FAQ filter and accordion (mouse and keyboard),
// pricing figures from the shared fee module, and the contact form's happy path, validation and failure toast.
import type { Page } from 'playwright-core';
import { SUPPORT_EMAIL_PUBLIC } from '../../src/shared/constants.js';
import { describeE2E, gotoHydrated, newPage, useBrowser, useServer } from './helpers/suite.js';
import { INFO_PAGES } from './helpers/public-pages.js';
import { waitForEmail } from './helpers/server.js';

describeE2E('information pages in Chromium', () => {
  const browser = useBrowser();
  const server = useServer();

  const open = async (path: string, size?: { width: number; height: number }) => {
    const page = await newPage(browser(), size);
    await gotoHydrated(page, server().url + path);
    return page;
  };

  it('renders every static page with its heading, title and own meta description', async () => {
    const page = await newPage(browser());
    const descriptions = new Set<string>();
    for (const p of INFO_PAGES) {
      await page.goto(server().url + p.path);
      await page.getByRole('heading', { level: 1, name: p.heading, exact: true }).waitFor();
      await page.waitForFunction((t) => document.title === t, p.title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length, p.path).toBeGreaterThan(50);
      descriptions.add(description!);
    }
    expect(descriptions.size).toBe(INFO_PAGES.length);
    for (const legal of ['/privacy-policy', '/terms-of-use']) {
      await page.goto(server().url + legal);
      await page.getByText('Last updated July 9, 2025').waitFor();
      expect(await page.textContent('main')).toContain('We answer legal questions within 48 hours.');
    }
    expect(await page.textContent('main')).toMatch(
      /laws of the State of Delaware[\s\S]*binding individual arbitration/,
    );
    await page.context().close();
  });

  it('states the product facts on How It Works', async () => {
    const page = await open('/how-it-works');
    for (const name of ['Create your gift', 'Pay securely', 'We deliver the gift', 'Behind the Scenes']) {
      await page.getByRole('heading', { name: new RegExp(name) }).waitFor();
    }
    const text = await page.textContent('main');
    expect(text).toContain('within 30 days of payment');
    expect(text).toContain('The processing fee is not refunded.');
    expect(text).toContain('within 24 hours');
    expect(text).toContain('$5.00 or more');
    await page.context().close();
  });

  it('shows the fee rule, the three examples and a calculator using the shared fee module', async () => {
    const page = await open('/pricing');
    await page.getByText('5% + $0.30').first().waitFor();
    const rows = await page.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split(/\s+/).join(' '))).toEqual([
      '$25.00 $1.55 $26.55 $25.00',
      '$50.00 $2.80 $52.80 $50.00',
      '$100.00 $5.30 $105.30 $100.00',
    ]);
    const amount = page.getByLabel('Gift amount (USD)');
    await amount.fill('75');
    await expect(page.getByTestId('calc-fee').textContent()).resolves.toBe('$4.05');
    await expect(page.getByTestId('calc-total').textContent()).resolves.toBe('$79.05');
    await expect(page.getByTestId('calc-recipient').textContent()).resolves.toBe('$75.00');
    await amount.fill('1,234.56');
    await expect(page.getByTestId('calc-total').textContent()).resolves.toBe('$1,296.59');
    await amount.fill('4.99');
    await page.getByText('The minimum gift is $5.00.', { exact: true }).waitFor();
    await amount.fill('abc');
    await page.getByText(/Enter an amount in dollars/).waitFor();
    await page.context().close();
  });

  it('filters the FAQ by category and opens several answers at once', async () => {
    const page = await open('/faq');
    const questions = page.locator('main li summary');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(22);
    const filters = page.getByRole('group', { name: 'Filter questions by category' });
    const names = await filters.getByRole('button').allInnerTexts();
    expect(names).toEqual([
      'All',
      'Getting Started',
      'Privacy & Security',
      'Sending Gifts',
      'Receiving Gifts',
      'Fees & Pricing',
      'Refunds & Issues',
      'Technical',
    ]);
    await expect(filters.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).resolves.toBe('true');

    const counts: number[] = [];
    for (const name of names.slice(1)) {
      await filters.getByRole('button', { name, exact: true }).click();
      await expect(filters.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')).resolves.toBe(
        'true',
      );
      counts.push(await questions.count());
      for (const text of await page.locator('main li details p.uppercase').allTextContents()) expect(text).toBe(name);
    }
    expect(counts.every((n) => n >= 2)).toBe(true);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(22);

    await filters.getByRole('button', { name: 'Fees & Pricing' }).click();
    const first = question(page, 'How much does it cost?');
    const second = question(page, 'Does the recipient pay anything?');
    await first.click();
    await second.click();
    expect(await isOpen(first)).toBe(true);
    expect(await isOpen(second)).toBe(true);
    await page.getByText('a $50.00 gift costs $52.80 in total').waitFor();
    await page.getByText('The recipient receives the full gift amount').waitFor();
    await first.click();
    expect(await isOpen(first)).toBe(false);
    expect(await isOpen(second)).toBe(true);
    expect(await page.getByText('a $50.00 gift costs $52.80 in total').isVisible()).toBe(false);
    await page.context().close();
  });

  it('works with the keyboard alone', async () => {
    const page = await open('/faq');
    const all = page.getByRole('button', { name: 'All', exact: true });
    await expect(all.isEnabled()).resolves.toBe(true);
    await all.focus();
    await page.keyboard.press('Tab'); // Getting Started
    await page.keyboard.press('Enter');
    const started = page.getByRole('button', { name: 'Getting Started' });
    await expect(started.getAttribute('aria-pressed')).resolves.toBe('true');
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab'); // past the other filters to the first question
    const q1 = question(page, 'What is Hushgift?');
    expect(await q1.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const q2 = question(page, 'Do I need an account to send a gift?');
    expect(await q2.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await isOpen(q1)).toBe(true);
    expect(await isOpen(q2)).toBe(true);
    await page.getByText(/without creating an account/).waitFor();
    await page.keyboard.press('Space');
    expect(await isOpen(q2)).toBe(false);
    await page.context().close();
  });

  it('states the real maximum gift in the FAQ', async () => {
    const page = await open('/faq');
    const q = question(page, 'How much can I send?');
    await q.click();
    const answer = await q.locator('xpath=..').textContent();
    expect(answer).toContain('the maximum is $950,000.00');
    expect(answer).toContain('one card payment of at most $999,999.99');
    expect(answer).not.toMatch(/no fixed maximum/i);
    await page.context().close();
  });

  it('links the FAQ to e-mail support and the contact page', async () => {
    const page = await open('/faq');
    await expect(page.getByRole('link', { name: SUPPORT_EMAIL_PUBLIC }).getAttribute('href')).resolves.toBe(
      `mailto:${SUPPORT_EMAIL_PUBLIC}`,
    );
    await page.getByRole('link', { name: 'send us a message' }).click();
    await page.waitForURL('**/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await page.context().close();
  });

  const form = (page: Page) => page.getByRole('form', { name: 'Contact form' });

  const fillContact = async (page: Page, email: string) => {
    await form(page).getByLabel('Name').fill('Robin Reader');
    await form(page).getByLabel('Email').fill(email);
    await form(page).getByLabel('Category').selectOption({ label: 'Problem with a gift' });
    await form(page).getByLabel('Subject').fill('Question about my gift');
    await form(page).getByLabel('Message').fill('Hello, I have a question about the claim link.');
  };

  it('sends a contact message: "Sending..." while busy, the success toast, a cleared form and the e-mail to support', async () => {
    const page = await open('/contact');
    await page.getByText(/priority response within 2 hours/).waitFor();
    const options = await form(page)
      .getByLabel('Category')
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options.map(([v]) => v)).toEqual([
      '',
      'general',
      'technical',
      'payment',
      'gift-problem',
      'refund',
      'privacy',
      'feedback',
      'other',
    ]);

    await fillContact(page, 'robin@example.com');
    // Hold the request briefly so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const busy = page.getByRole('button', { name: 'Sending...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    await page.getByText('Message sent successfully!', { exact: true }).waitFor();
    await page.getByText("We'll get back to you soon.", { exact: true }).waitFor();
    for (const label of ['Name', 'Email', 'Category', 'Subject', 'Message']) {
      expect(await form(page).getByLabel(label).inputValue(), label).toBe('');
    }
    const mail = await waitForEmail(server().url, SUPPORT_EMAIL_PUBLIC, (m) =>
      m.subject.includes('Question about my gift'),
    );
    expect(mail.subject).toBe('[Contact: Problem with a gift] Question about my gift');
    expect(mail.text).toContain('Robin Reader <robin@example.com>');
    await page.context().close();
  });

  it('names missing fields without sending', async () => {
    const page = await open('/contact');
    let posted = false;
    await page.route('**/api/contact', (route) => {
      posted = true;
      return route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name is required').waitFor();
    for (const msg of ['Email is required', 'Category is required', 'Subject is required', 'Message is required']) {
      await page.getByText(msg).waitFor();
    }
    expect(
      await form(page)
        .getByLabel('Name')
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await form(page).getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await form(page).getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(posted).toBe(false);
    await page.context().close();
  });

  it('shows the error toast and keeps the form when the server fails', async () => {
    const page = await open('/contact');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong"}' }),
    );
    await fillContact(page, 'fail@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Error sending message', { exact: true }).waitFor();
    await page
      .getByText(`Please try again or email us directly at ${SUPPORT_EMAIL_PUBLIC}.`, { exact: true })
      .waitFor();
    expect(await form(page).getByLabel('Email').inputValue()).toBe('fail@example.com');
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    await page.context().close();
  });

  it('keeps the toast behaviour of Radix: F8 focuses the notifications even before the first toast', async () => {
    const page = await open('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    await page.keyboard.press('F8');
    await page.waitForFunction(
      () => document.activeElement?.closest('[role="region"][aria-label^="Notifications"]') !== null,
    );
    await page.context().close();
  });
});

/** A FAQ question: the <summary> of its <details>. */
function question(page: Page, text: string) {
  return page.locator('main li summary', { hasText: text });
}

/** Whether a question's answer is open. */
function isOpen(summary: ReturnType<typeof question>) {
  return summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);
}
