// "See what they'll see" on the review step (issue 25 point 1), on a phone-sized page: the dialog opens and closes
// from the keyboard, shows the real claim e-mail (its template's HTML in a sandboxed frame) and the claim page's
// card with this gift's amount, question and "Report this gift", the note after the answer, nothing of the sender,
// and passes axe.
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { describeE2E, newPage, useBrowser, useServer } from './helpers/suite.js';
import { fillGiftToReview } from './helpers/send-flow.js';

describeE2E("see what they'll see", () => {
  const browser = useBrowser();
  const server = useServer();

  const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  it('shows the e-mail and the claim page, keyboard-operable and axe-clean at 360px', async () => {
    const page = await newPage(browser(), { width: 360, height: 740 });
    await fillGiftToReview(page, server().url, 'e2e.preview@example.com');
    // A sender who opted in to a donor account: none of it may show.
    await page.getByLabel('Create a donor account to track your gifts').check();
    await page.getByLabel('Your first name').fill('Dana');
    await page.getByLabel('Your last name').fill('Donorly');
    await page.getByLabel('Your email').fill('dana.donorly@example.com');

    const opener = page.getByRole('button', { name: "See what they'll see" });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'What Rita will see' });
    await dialog.waitFor();
    // The modal takes the focus (its Close button) and fits the phone's width.
    expect(await focused(page)).toBe('Close');

    const email = dialog.getByRole('region', { name: 'The e-mail' });
    await email.getByText("Subject: You've received an anonymous gift of $50.00").waitFor();
    const frame = page.frameLocator('iframe[title="The claim e-mail"]');
    await frame.getByText(/anonymous gift of \$50\.00/).waitFor();
    const mail = await frame.locator('body').innerText();
    expect(mail).toContain('Hi Rita,');
    expect(mail).toContain('/claim/example');
    expect(mail).toContain('XXXX-XXXX');
    expect(mail).toContain('A personal note came with it');
    expect(mail).toContain('security question');
    expect(mail).not.toContain('Happy birthday');
    expect(await page.locator('iframe[title="The claim e-mail"]').getAttribute('sandbox')).toBe('');

    const claim = dialog.getByRole('region', { name: 'The claim page' });
    await claim.getByRole('heading', { name: "You've Received a Gift!" }).waitFor();
    await claim.getByText('$50.00', { exact: true }).waitFor();
    await claim.getByLabel('Name of our first cat?').waitFor();
    await claim.getByText('Report this gift', { exact: true }).waitFor();
    // Behind the question the message is shown where the right answer opens it, not beside the question.
    expect(await claim.getByText('Happy birthday, Rita!').count()).toBe(0);
    const answered = dialog.getByRole('region', { name: 'After the right answer' });
    await answered.getByText('Happy birthday, Rita!', { exact: true }).waitFor();
    const shown = (await dialog.innerText()) + mail;
    expect(shown).not.toMatch(/dana|donorly|e2e\.preview@/i);

    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    // The e-mail's frame runs no script (sandbox=""), so axe cannot enter it: it is left out (its title is checked
    // above, by finding it by that title).
    const { violations } = await new AxeBuilder({ page }).exclude('iframe[title="The claim e-mail"]').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Escape closes it and the focus goes back to the button; Enter on Close does too.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe("See what they'll see");
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe("See what they'll see");
    // Still on the review page, nothing paid.
    expect(new URL(page.url()).pathname).toBe('/gift/review');
    await page.context().close();
  });
});
