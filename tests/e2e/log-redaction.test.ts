// Logs of a full run (send, claim with a wrong and a right answer, onboarding, payout, admin setup/login/search,
// donor sign-in request, contact) are JSON lines with a request id, and hold none of the secrets that passed
// through: e-mail addresses, claim tokens, answers, passwords, cookies.
import { startServer, waitForEmail, type RunningServer } from './helpers/server.js';
import { createPaidGift } from './helpers/gifts.js';
import { waitUntil } from './helpers/processes.js';

describe('log redaction over a full send-and-claim run', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('keeps every secret out of the logs', async () => {
    const url = server.url;
    const json = { 'content-type': 'application/json', origin: url };
    const secrets = {
      recipientEmail: 'rosalind.recipient.log@example.com',
      payerEmail: 'percival.payer.log@example.com',
      answer: 'Zanzibar Lighthouse',
      adminEmail: 'ada.admin.log@example.com',
      adminPassword: 'correct-horse-battery-staple-42',
      contactEmail: 'carl.contact.log@example.com',
      donorEmail: 'dora.donor.log@example.com',
    };

    const gift = await createPaidGift(url, {
      recipientEmail: secrets.recipientEmail,
      payerEmail: secrets.payerEmail,
      securityQuestion: 'Where did we meet?',
      securityAnswer: secrets.answer,
    });
    const claimApi = `${url}/api/gifts/claim/${gift.claimToken}`;
    expect((await fetch(claimApi)).status).toBe(200);
    const wrong = await fetch(claimApi, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ securityAnswer: 'wrong guess' }),
    });
    expect(wrong.status).toBe(400);
    const right = await fetch(claimApi, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ securityAnswer: secrets.answer }),
    });
    expect(right.status).toBe(200);
    // The claim session the answer opened; the completion check needs it.
    const claimCookie = right.headers.get('set-cookie')!.split(';')[0]!;
    const claimSessionId = claimCookie.split('=')[1]!;
    const link = new URL(((await right.json()) as { accountLinkUrl: string }).accountLinkUrl);
    const onboarded = await fetch(link.origin + link.pathname, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
      body: new URLSearchParams({
        outcome: 'verified',
        return_url: link.searchParams.get('return_url') ?? '',
      }).toString(),
    });
    expect(onboarded.status).toBe(303);
    await waitUntil(
      async () =>
        (
          (await (await fetch(`${claimApi}/complete`, { headers: { cookie: claimCookie } })).json()) as {
            success: boolean;
          }
        ).success,
      'the claim to complete',
    );

    const setup = await fetch(`${url}/api/admin/setup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        email: secrets.adminEmail,
        password: secrets.adminPassword,
        firstName: 'Ada',
        lastName: 'Admin',
      }),
    });
    expect(setup.ok).toBe(true);
    const badLogin = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: secrets.adminEmail, password: 'not-the-password' }),
    });
    expect(badLogin.status).toBe(401);
    const login = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: secrets.adminEmail, password: secrets.adminPassword }),
    });
    expect(login.ok).toBe(true);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const sessionId = cookie.split('=')[1]!;
    const search = await fetch(`${url}/api/admin/gifts/search?q=${encodeURIComponent(secrets.recipientEmail)}`, {
      headers: { cookie },
    });
    expect(search.ok).toBe(true);
    const byToken = await fetch(`${url}/api/admin/gifts/search?q=${encodeURIComponent(gift.claimToken)}`, {
      headers: { cookie },
    });
    expect(byToken.ok).toBe(true);

    const donor = await fetch(`${url}/api/donor/sign-in/request`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: secrets.donorEmail }),
    });
    expect(donor.ok).toBe(true);
    const contact = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Carl',
        email: secrets.contactEmail,
        category: 'general',
        subject: 'Hello',
        message: 'A question',
      }),
    });
    expect(contact.ok).toBe(true);

    // Wait until the outbox has delivered what these caused (its delivery lines are part of what is checked),
    // then stop the server so every log line is flushed.
    await waitForEmail(url, secrets.recipientEmail, (e) => /on its way/.test(e.subject));
    await waitForEmail(url, 'support@hushgift.app', (e) => e.text.includes('A question'));
    await server.stop();
    const logs = server.output();
    const lines = logs.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(20);
    for (const [name, secret] of Object.entries({
      ...secrets,
      claimToken: gift.claimToken,
      sessionId,
      claimSessionId,
    })) {
      expect(logs.includes(secret), `${name} leaked into the logs`).toBe(false);
    }
    expect(logs).not.toMatch(/[A-Za-z0-9._%+-]+@example\.com/);
    // Structured: every line is JSON, and every line about a request carries its id.
    for (const line of lines) {
      const entry = JSON.parse(line) as { req?: unknown; res?: unknown; reqId?: string };
      if (entry.req || entry.res) expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
