// What a person does on a painted page before its scripts arrive is never lost (issue 16, decisions 007 and 015):
// the app's scripts are held back (route interception) while the test acts on the prerendered HTML, then released.
import type { Page } from 'playwright-core';
import { DRAFT_KEY } from '../../src/client/lib/gift-draft.js';
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
});
