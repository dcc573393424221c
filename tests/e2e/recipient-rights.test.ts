// The recipient's own rights (issue 25) in a browser at phone width (their pages are server-rendered, their forms
// plain HTML, and they load no script file), each state checked with axe: /verify with a real and an unknown code;
// the "Stop all gifts" page from the claim e-mail and its one-click confirmation; "Report this gift" on the claim
// page; "Decline this gift" after the answer, after which the claim link says "You declined this gift"; and "Don't
// accept gifts from this sender again", whose stop refunds the sender's next gift and is undone by its e-mailed link.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { describeE2E, useBrowser, useServer } from './helpers/suite.js';
import { createPaidGift } from './helpers/gifts.js';
import { waitForEmail } from './helpers/server.js';
import { giftPayload } from '../helpers/gift-payload.js';

/** A phone-sized page. These pages load no script file (server-rendered, plain HTML forms); axe needs scripts on. */
async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  return context.newPage();
}

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways at 360px`).toBeLessThanOrEqual(0);
}

const claimMail = (url: string, to: string) => waitForEmail(url, to, (e) => /\/claim\//.test(e.text));

describeE2E("the recipient's rights", () => {
  const browser = useBrowser();
  const server = useServer();

  it('/verify says whether a real gift has the code from the e-mail', async () => {
    const gift = await createPaidGift(server().url, { amountCents: 4200 });
    const mail = await claimMail(server().url, gift.recipientEmail);
    const code = /verification code is ([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})\./.exec(mail.text)![1]!;
    expect(mail.text).toContain('Type localhost');

    const page = await phonePage(browser());
    await page.goto(`${server().url}/verify`);
    await expectAccessible(page, '/verify');
    await page.getByLabel('Verification code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Check code' }).click();
    const found = page.getByRole('status');
    await found.getByText('This is a real Hushgift gift.').waitFor();
    expect(await found.textContent()).toContain('$42.00');
    expect(await found.textContent()).toContain('a friend');
    expect(await found.textContent()).toContain("Open your e-mail's link to claim it");
    expect(await page.content()).not.toContain(gift.claimToken);
    expect(await page.content()).not.toContain(gift.recipientEmail);
    await expectAccessible(page, '/verify, found');

    await page.getByLabel('Verification code').fill('ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByRole('alert').getByText('No gift matches this code. Do not click links in that e-mail.').waitFor();
    await expectAccessible(page, '/verify, unknown');
    await page.context().close();
  });

  it('stops all gifts to the address from the claim e-mail’s link, on one click', async () => {
    const gift = await createPaidGift(server().url);
    const mail = await claimMail(server().url, gift.recipientEmail);
    const stopUrl = /(http:\/\/\S+\/stop\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const page = await phonePage(browser());
    await page.goto(stopUrl);
    await page.getByRole('heading', { name: 'Stop all gifts to this address' }).waitFor();
    await expectAccessible(page, 'stop page');
    await page.getByRole('button', { name: 'Stop all gifts' }).click();
    await page
      .getByRole('status')
      .getByText(/^Done: new gifts to this address will be refused/)
      .waitFor();
    await expectAccessible(page, 'stop page, done');
    await page.context().close();

    const refused = await fetch(`${server().url}/api/gifts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server().url },
      body: JSON.stringify(giftPayload({ recipientEmail: gift.recipientEmail })),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This recipient does not accept gifts through Hushgift.',
    );
  });

  it('reports a gift, then declines it after the answer; the link then says "You declined this gift"', async () => {
    const gift = await createPaidGift(server().url);
    const page = await phonePage(browser());
    await page.goto(gift.claimUrl);
    await page.getByText('Report this gift', { exact: true }).click();
    await page.getByLabel('A scam or a fake').check();
    await page.getByLabel('What happened (optional)').fill('I do not know who this is.');
    await expectAccessible(page, 'claim page, report form open');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page
      .getByRole('status')
      .getByText(/^Thank you: your report reached our team/)
      .waitFor();

    await page.getByLabel("What is your pet's name?").fill('Rex');
    await page.getByRole('button', { name: 'Claim Your Gift' }).click();
    await page.getByRole('heading', { name: 'Complete Your Account Setup' }).waitFor();
    await page.getByText('Decline this gift', { exact: true }).click();
    await expectAccessible(page, 'account setup, decline open');
    await page.getByRole('button', { name: 'Yes, decline this gift' }).click();
    await page.getByRole('heading', { name: 'You declined this gift' }).waitFor();
    await expectAccessible(page, 'declined');
    await page.getByText("Don't accept gifts from this sender again", { exact: true }).click();
    await expectAccessible(page, 'declined, stop-sender open');
    await page.goto(gift.claimUrl);
    await page.getByRole('heading', { name: 'You declined this gift' }).waitFor();
    await page.context().close();
  });

  it('stops one sender after the answer: their next gift is refunded whole, the recipient hears nothing, undo works', async () => {
    const stamp = Date.now().toString(36);
    const payerEmail = `zephyrine.${stamp}@example.com`;
    const payerName = 'Zephyrine Quillfeather';
    const gift = await createPaidGift(server().url, { payerEmail, payerName });
    const page = await phonePage(browser());
    await page.goto(gift.claimUrl);
    // The message waits behind the question; the right answer opens it.
    expect(await page.textContent('main')).not.toContain('Happy birthday!');
    await page.getByLabel("What is your pet's name?").fill('Rex');
    await page.getByRole('button', { name: 'Claim Your Gift' }).click();
    await page.getByRole('heading', { name: 'Complete Your Account Setup' }).waitFor();
    await page.getByText('Happy birthday!', { exact: true }).waitFor();
    await page.getByText("Don't accept gifts from this sender again", { exact: true }).click();
    await expectAccessible(page, 'account setup, stop-sender open');
    await page.getByRole('button', { name: 'Stop gifts from this sender' }).click();
    await page
      .getByRole('status')
      .getByText(/^Done: later gifts from this sender to your address will be refunded to them/)
      .waitFor();
    await expectAccessible(page, 'claim page, sender stopped');
    const shown = await page.content();
    for (const secret of [payerEmail, 'Zephyrine', 'Quillfeather']) expect(shown).not.toContain(secret);
    await page.context().close();

    // The same payer sends again: paid, then refunded whole, and only the sender is told.
    const created = await fetch(`${server().url}/api/gifts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server().url },
      body: JSON.stringify(giftPayload({ recipientEmail: gift.recipientEmail })),
    });
    expect(created.status).toBe(201);
    const { checkoutUrl } = (await created.json()) as { checkoutUrl: string };
    const paid = await fetch(checkoutUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server().url },
      body: new URLSearchParams({ email: payerEmail, name: payerName, card: '4242 4242 4242 4242' }).toString(),
    });
    expect(paid.status).toBe(303);
    // The reconciler makes the refund within its interval (30 s); its e-mail follows.
    const told = await waitForEmail(
      server().url,
      payerEmail,
      (e) => /not accepting gifts from you/.test(e.subject),
      60_000,
    );
    expect(told.text).toContain('This recipient is not accepting gifts from you.');
    const toRecipient = await fetch(`${server().url}/api/dev/emails?to=${encodeURIComponent(gift.recipientEmail)}`);
    const subjects = ((await toRecipient.json()) as Array<{ subject: string }>).map((m) => m.subject);
    expect(subjects.filter((s) => /gift of/.test(s))).toHaveLength(1);

    // The undo link e-mailed to the recipient.
    const confirmation = await waitForEmail(server().url, gift.recipientEmail, (e) =>
      /stopped gifts from one sender/.test(e.subject),
    );
    const undoUrl = /(http:\/\/\S+\/resume\/[A-Za-z0-9_-]{43})/.exec(confirmation.text)![1]!;
    const undo = await phonePage(browser());
    await undo.goto(undoUrl);
    await undo.getByRole('heading', { name: 'Accept gifts from that sender again' }).waitFor();
    await expectAccessible(undo, 'undo sender stop');
    await undo.getByRole('button', { name: 'Accept their gifts again' }).click();
    await undo.getByRole('status').getByText('Done: gifts from that sender reach this address again.').waitFor();
    await undo.context().close();
    await createPaidGift(server().url, {
      recipientEmail: gift.recipientEmail,
      payerEmail,
      payerName,
      earlierClaimTokens: [gift.claimToken],
    });
  });
});
