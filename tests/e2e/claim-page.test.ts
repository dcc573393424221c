// The recipient's claim page is rendered on the server (decision 015): the first response already shows the
// gift (its message only after the right answer), is never cached or indexed, carries nothing about the sender and
// loads no script file; its form works as
// plain HTML (proven here with JavaScript off, down to the claim session cookie its answer sets), and with JavaScript on the page asks for nothing from any other
// origin and nothing with the token beyond the page itself.
import type { Browser } from 'playwright-core';
import { describeE2E, useBrowser, useServer } from './helpers/suite.js';
import { createPaidGift } from './helpers/gifts.js';
import { SECURITY_ANSWER_MAX } from '../../src/shared/constants.js';

const SENDER_SECRETS = ['Sam Sender', 'sender@example.com', 'Recipient']; // payer name/e-mail, recipient's last name
const QUESTION = "What is your pet's name?";

const text = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

async function pageWithoutScripts(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  return context.newPage();
}

describeE2E('the server-rendered claim page', () => {
  const browser = useBrowser();
  const server = useServer();

  it('answers the gift in its first response: no-store, noindex, nothing about the sender, no script file', async () => {
    const gift = await createPaidGift(server().url, {
      securityQuestion: QUESTION,
      securityAnswer: 'Rex',
      amountCents: 5000,
    });
    for (const path of [`/claim/${gift.claimToken}`, `/gift/claim/${gift.claimToken}`]) {
      const res = await fetch(server().url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
      const shown = text(html);
      for (const expected of [
        "You've Received a Gift!",
        'Hi Rita',
        '$50.00',
        'Anonymous Gift',
        QUESTION,
        'Claim Your Gift',
        'Report this gift',
      ]) {
        expect(shown, `${path}: ${expected}`).toContain(expected);
      }
      // The message waits behind the question (issue 25 point 1): the right answer's page shows it.
      expect(shown).not.toContain('Happy birthday!');
      for (const secret of SENDER_SECRETS) expect(html).not.toContain(secret);
      expect(html).not.toMatch(/<script[^>]+src=/);
      expect(html).not.toContain('modulepreload');
      const form = /<form id="claim-form"[^>]*>/.exec(html)?.[0];
      expect(form).toContain('method="post"');
      expect(form).toContain(`action="${path}"`);
    }
  });

  it('paints "Gift Not Found" the same way for an unknown link, with status 404', async () => {
    const res = await fetch(`${server().url}/claim/${'A'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const shown = text(await res.text());
    expect(shown).toContain('Gift Not Found');
    expect(shown).toContain('This gift link is invalid or has expired.');
  });

  it('answers a malformed link or form with the page itself, never JSON (the route contract, decision 009)', async () => {
    const malformed = await fetch(`${server().url}/claim/not.a.token`);
    expect(malformed.status).toBe(404);
    expect(malformed.headers.get('content-type')).toMatch(/^text\/html/);
    expect(text(await malformed.text())).toContain('Gift Not Found');
    const gift = await createPaidGift(server().url, {
      securityQuestion: QUESTION,
      securityAnswer: 'Rex',
      amountCents: 5000,
    });
    const post = (path: string, form: string) =>
      fetch(server().url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    const tooLong = await post(`/claim/${gift.claimToken}`, `securityAnswer=${'x'.repeat(SECURITY_ANSWER_MAX + 1)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.headers.get('content-type')).toMatch(/^text\/html/);
    const shown = text(await tooLong.text());
    expect(shown).toContain(`Security answer must be at most ${SECURITY_ANSWER_MAX} characters`);
    expect(shown).toContain(QUESTION);
    expect((await post('/claim/not.a.token', 'securityAnswer=Rex')).status).toBe(404);
  });

  it('claims with JavaScript off: a wrong answer is refused on the page, the right one leads to onboarding', async () => {
    const gift = await createPaidGift(server().url, {
      securityQuestion: QUESTION,
      securityAnswer: 'Rex',
      amountCents: 2500,
    });
    const page = await pageWithoutScripts(browser());
    await page.goto(gift.claimUrl);
    await page.getByLabel(QUESTION).fill('Fido');
    await page.getByRole('button', { name: 'Claim Your Gift' }).click();
    await page.getByRole('alert').getByText('The answer to your security question is incorrect').waitFor();
    expect(page.url()).toBe(gift.claimUrl);
    expect(await page.getByLabel(QUESTION).inputValue()).toBe('Fido');
    expect(await page.textContent('main')).toContain('$25.00');
    expect(await page.textContent('main')).not.toContain('Happy birthday!');

    await page.getByLabel(QUESTION).fill('  rex ');
    await page.getByRole('button', { name: 'Claim Your Gift' }).click();
    await page.getByRole('heading', { name: 'Complete Your Account Setup' }).waitFor();
    await page.getByText('Happy birthday!', { exact: true }).waitFor();
    const href = await page.getByRole('link', { name: 'Complete Account Setup' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^${server().url}/sandbox/onboarding/acct_sb_`));
    // The answer was posted in the body: no address the browser visited carries it.
    expect(page.url()).toBe(gift.claimUrl);

    // The form's answer opened the gift's claim session: an HttpOnly cookie for the claim API only.
    const cookies = await page.context().cookies(`${server().url}/api/gifts/`);
    const session = cookies.filter((c) => c.name.startsWith('hg_claim_g_'));
    expect(session).toHaveLength(1);
    expect(session[0]).toMatchObject({ path: '/api/gifts/', httpOnly: true, sameSite: 'Lax', secure: false });
    expect(await page.context().cookies(gift.claimUrl)).toEqual([]);
    // Onboarding (plain HTML too), then the completion check with this browser's cookies: paid out. Another
    // browser holding the same link gets the answer for an unknown gift.
    await page.goto(href!);
    await page.getByLabel('Outcome').selectOption({ label: 'Verified' });
    const stranger = await browser().newContext();
    const completeUrl = `${server().url}/api/gifts/claim/${gift.claimToken}/complete`;
    expect((await stranger.request.get(completeUrl)).status()).toBe(404);
    await Promise.all([page.waitForURL(/\?return=true$/), page.getByRole('button', { name: 'Submit' }).click()]);
    const done = await page.request.get(completeUrl);
    expect(done.status()).toBe(200);
    expect(await done.json()).toMatchObject({ success: true });
    const strangerAfter = await stranger.request.get(completeUrl);
    expect(strangerAfter.status()).toBe(404);
    expect(await strangerAfter.json()).toEqual({
      code: 'GIFT_NOT_FOUND',
      message: 'This gift link is invalid or has expired.',
    });
    await stranger.close();
    await page.context().close();
  });

  it('with JavaScript on: the button waits for an answer, and no request leaves the origin or repeats the token', async () => {
    const gift = await createPaidGift(server().url, { securityQuestion: QUESTION, securityAnswer: 'Rex' });
    const context = await browser().newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(gift.claimUrl);
    const button = page.getByRole('button', { name: 'Claim Your Gift' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel(QUESTION).fill('   ');
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel(QUESTION).fill('Rex');
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await page.getByRole('heading', { name: 'Complete Your Account Setup' }).waitFor();

    const origin = new URL(server().url).origin;
    expect(requests.filter((u) => new URL(u).origin !== origin)).toEqual([]);
    expect(requests.filter((u) => u.includes(gift.claimToken))).toEqual([gift.claimUrl, gift.claimUrl]); // GET, then the form's POST
    expect(errors).toEqual([]);
    await context.close();
  });
});

describeE2E('the server-rendered claim form, per client address', () => {
  const server = useServer({ TRUST_PROXY: 'true', CLAIM_ATTEMPTS_PER_CLIENT: '3' });

  it('counts its answers per client address, as the claim API does', async () => {
    const gifts = [];
    for (let i = 0; i < 4; i++) {
      gifts.push(await createPaidGift(server().url, { securityQuestion: QUESTION, securityAnswer: 'Rex' }));
    }
    const post = (token: string, address: string) =>
      fetch(`${server().url}/claim/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        body: 'securityAnswer=nope',
      });
    for (const g of gifts.slice(0, 3)) expect((await post(g.claimToken, '198.51.100.1')).status).toBe(400);
    expect((await post(gifts[3]!.claimToken, '198.51.100.1')).status).toBe(429);
    // Another address has its own allowance.
    expect((await post(gifts[3]!.claimToken, '198.51.100.2')).status).toBe(400);
  });
});
