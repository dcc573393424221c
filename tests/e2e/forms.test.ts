// The one Field of every form, in Chromium (decision 010): after a submit with errors the focus is on the first
// field in error, each field in error is aria-invalid and described by its own message; a step's values survive
// a reload through the gift draft.
import type { Locator, Page } from 'playwright-core';
import { describeE2E, gotoHydrated, newPage, useBrowser, useServer } from './helpers/suite.js';

describeE2E('forms in Chromium', () => {
  const browser = useBrowser();
  const server = useServer();

  /** The text of the elements a control's aria-describedby names, in order. */
  const description = (control: Locator) =>
    control.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`),
    );
  const isFocused = (control: Locator) => control.evaluate((el) => el === document.activeElement);

  it('contact: focuses the first field in error and links each error to its field', async () => {
    const page = await newPage(browser());
    await gotoHydrated(page, server().url + '/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Robin Reader');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Email is required').waitFor();

    // Name is valid: the focus skips it.
    expect(await isFocused(form.getByLabel('Email'))).toBe(true);
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();
    expect(await form.getByLabel('Name').getAttribute('aria-describedby')).toBeNull();
    const expected: Array<[string, string]> = [
      ['Email', 'Email is required'],
      ['Category', 'Category is required'],
      ['Subject', 'Subject is required'],
      ['Message', 'Message is required'],
    ];
    for (const [label, message] of expected) {
      const control = form.getByLabel(label);
      expect(await control.getAttribute('aria-invalid'), label).toBe('true');
      expect(await description(control), label).toEqual([message]);
    }

    // Fixing the first moves the focus to the next one in error on the next submit.
    await form.getByLabel('Email').fill('robin@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'SELECT');
    expect(await isFocused(form.getByLabel('Category'))).toBe(true);
    expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText('Email is required').count()).toBe(0);
    await page.context().close();
  });

  const toRecipientStep = async (page: Page) => {
    await gotoHydrated(page, server().url + '/');
    await page.getByRole('radio', { name: '$50', exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: "Who's Receiving Your Gift?" }).waitFor();
  };

  it('gift recipient step: the error is on the field, the values survive a reload', async () => {
    const page = await newPage(browser());
    await toRecipientStep(page);
    await page.getByLabel('First Name').fill('Rita');
    await page.getByLabel('Last Name').fill('Recipient');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    const email = page.getByLabel('Email Address');
    expect(await isFocused(email)).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await description(email)).toEqual(['Please enter a valid email address']);
    expect(new URL(page.url()).pathname).toBe('/gift/recipient-info');

    await email.fill('  rita.forms@example.com ');
    await page.getByLabel('Add a personal message').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Add a Personal Message' }).waitFor();
    await page.getByLabel('Your message').fill('Kept across a reload');
    expect(await description(page.getByLabel('Your message'))).toEqual(['20/500 characters']);

    // Back saves what was typed; a reload reads the draft again.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: "Who's Receiving Your Gift?" }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: "Who's Receiving Your Gift?" }).waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Rita');
    expect(await page.getByLabel('Email Address').inputValue()).toBe('rita.forms@example.com'); // trimmed on Continue
    expect(await page.getByLabel('Add a personal message').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Add a Personal Message' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Add a Personal Message' }).waitFor();
    expect(await page.getByLabel('Your message').inputValue()).toBe('Kept across a reload');
    await page.context().close();
  });
});
