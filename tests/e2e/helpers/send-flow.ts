// The sender's flow up to the review step, as a person fills it in Chromium: $50 to Rita, with a personal message
// and a custom security question. Shared by the sending and the preview browser tests.
import type { Page } from 'playwright-core';
import { gotoHydrated } from './suite.js';

/** Landing → $50 → recipient (both options) → message → security question → review. */
export async function fillGiftToReview(page: Page, baseUrl: string, recipientEmail: string) {
  await gotoHydrated(page, baseUrl + '/');
  await page.getByRole('heading', { level: 1, name: /Send money anonymously/ }).waitFor();
  await page.getByRole('radio', { name: '$50', exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/gift/recipient-info');
  await page.getByRole('heading', { name: "Who's Receiving Your Gift?" }).waitFor();
  const cont = page.getByRole('button', { name: 'Continue' });
  expect(await cont.isDisabled()).toBe(true);
  await page.getByLabel('First Name').fill('Rita');
  await page.getByLabel('Last Name').fill('Recipient');
  await page.getByLabel('Email Address').fill(recipientEmail);
  await page.getByLabel('Add a personal message').check();
  await page.getByLabel('Add a security question').check();
  await cont.click();
  await page.waitForURL('**/gift/personal-message');
  await page.getByRole('heading', { name: 'Add a Personal Message' }).waitFor();
  await page.getByLabel('Your message').fill('Happy birthday, Rita!');
  await page.getByText('21/500 characters').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/gift/security');
  await page.getByRole('heading', { name: 'Add Security Question' }).waitFor();
  await page.getByLabel('Security question').selectOption('Custom question');
  await page.getByLabel('Your custom question').fill('Name of our first cat?');
  await page.getByLabel('Answer').fill('Tiger');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/gift/review');
  await page.getByRole('heading', { name: 'Review Your Gift' }).waitFor();
}
