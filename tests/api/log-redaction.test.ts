// No token of any kind reaches the log: every flow runs through the app with its real logger writing to a file
// (create and pay through the sandbox checkout, the claim with a wrong and a right answer, onboarding and the payout
// dashboard, the sender's gift page and its actions, donor sign-in, admin setup with its code, login and search),
// then the file is searched for every token, session id, code and provider id the test was handed.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppLogger, redactUrl } from '../../src/server/http/logging.js';
import { buildTestApp, type TestContext } from '../helpers/test-app.js';
import { giftPayload, postGift } from '../helpers/gift-payload.js';
import { claim, complete, dashboardLogin, submitOnboarding } from '../helpers/claims.js';
import { manage, manageLinkIn } from '../helpers/gift-page.js';
import { latestSignInToken, seedDonor } from '../helpers/donors.js';

const ORIGIN = { origin: 'http://localhost:3000' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded', ...ORIGIN };

describe('the log over every flow', () => {
  let ctx: TestContext;
  let file: string;
  const secrets: Record<string, string> = {};
  let log: ReturnType<typeof createAppLogger>;

  beforeAll(async () => {
    file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hg-log-redaction-')), 'app.log');
    log = createAppLogger('trace', file);
    secrets.setupCode = randomBytes(15).toString('base64url');
    ctx = await buildTestApp('pglite', {
      logger: log,
      config: { isProduction: true, adminSetupCode: secrets.setupCode, adminSetupCodeGenerated: false },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Creates a gift, pays it on the sandbox checkout page; answers the claim and manage tokens from its e-mails. */
  async function sendAndPay(name: string, payerEmail: string) {
    const recipientEmail = `${name}.${Date.now()}@example.com`;
    const created = await postGift(ctx, giftPayload({ recipientEmail }), ORIGIN);
    expect(created.statusCode).toBe(201);
    const checkoutPath = new URL(created.json().checkoutUrl as string).pathname;
    secrets[`${name}CheckoutId`] = checkoutPath.split('/').pop()!;
    expect((await ctx.app.inject({ method: 'GET', url: checkoutPath })).statusCode).toBe(200);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: checkoutPath,
      headers: FORM,
      payload: new URLSearchParams({ email: payerEmail, name: 'Pat Payer', card: '4242424242424242' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const mail = await ctx.flushEmails();
    const claimToken = /\/claim\/([A-Za-z0-9_-]{43})/.exec(
      mail.filter((m) => m.toAddress === recipientEmail).at(-1)!.textBody,
    )![1]!;
    const manageToken = manageLinkIn(mail.filter((m) => m.toAddress === payerEmail).at(-1)!.textBody)!;
    secrets[`${name}ClaimToken`] = claimToken;
    secrets[`${name}ManageToken`] = manageToken;
    return { claimToken, manageToken };
  }

  it('holds none of the tokens it was handed', async () => {
    // Admin: setup with the one-time code, login, search by a claim token.
    const admin = { email: 'olive.log@example.com', password: 'a long and unusual passphrase 7319' };
    const setup = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/setup',
      payload: { ...admin, firstName: 'Olive', lastName: 'Owner', setupCode: secrets.setupCode },
    });
    expect(setup.statusCode).toBe(201);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: admin });
    expect(login.statusCode).toBe(200);
    secrets.adminSession = login.cookies.find((c) => c.name === 'hg_admin')!.value;

    // Send and pay two gifts; claim one, manage both (correct, resend, cancel).
    const first = await sendAndPay('first', 'payer.one@example.com');
    const second = await sendAndPay('second', 'payer.two@example.com');
    const search = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/gifts/search?q=${first.claimToken}`,
      headers: { cookie: `hg_admin=${secrets.adminSession}` },
    });
    expect(search.statusCode).toBe(200);

    // The recipient's pages, as the browser asks for them (the app shell's paths too, answered 404 here).
    for (const url of [`/claim/${first.claimToken}`, `/gift/claim/${first.claimToken}`]) {
      await ctx.app.inject({ method: 'GET', url });
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/gifts/claim/${first.claimToken}` })).statusCode).toBe(200);
    expect((await claim(ctx, first.claimToken, { securityAnswer: 'not it' })).statusCode).toBe(400);
    const right = await claim(ctx, first.claimToken, { securityAnswer: 'Rex' });
    expect(right.statusCode).toBe(200);
    const session = right.cookies.find((c) => c.name.startsWith('hg_claim_'))!;
    secrets.claimSession = session.value;
    const publicId = session.name.slice('hg_claim_'.length);
    const onboarding = new URL(right.json().accountLinkUrl as string);
    secrets.accountId = decodeURIComponent(onboarding.pathname.split('/').pop()!);
    expect((await ctx.app.inject({ method: 'GET', url: onboarding.pathname + onboarding.search })).statusCode).toBe(
      200,
    );
    const returnUrl = onboarding.searchParams.get('return_url') ?? '';
    expect((await submitOnboarding(ctx, secrets.accountId, 'verified', returnUrl)).statusCode).toBe(303);
    expect((await complete(ctx, first.claimToken)).statusCode).toBe(200);
    const dashboard = await dashboardLogin(ctx, publicId);
    expect(dashboard.statusCode).toBe(200);
    const dashboardUrl = new URL(dashboard.json().url as string);
    await ctx.app.inject({ method: 'GET', url: dashboardUrl.pathname + dashboardUrl.search });

    // The sender's gift page and its actions.
    await ctx.app.inject({ method: 'GET', url: `/gift/manage/${first.manageToken}` });
    expect((await manage(ctx, first.manageToken)).statusCode).toBe(200);
    expect((await manage(ctx, second.manageToken)).statusCode).toBe(200);
    expect((await manage(ctx, second.manageToken, 'resend')).statusCode).toBeLessThan(500);
    const corrected = await manage(ctx, second.manageToken, 'recipient-email', {
      recipientEmail: `corrected.${Date.now()}@example.com`,
    });
    expect(corrected.statusCode).toBeLessThan(500);
    expect((await manage(ctx, second.manageToken, 'cancel', {})).statusCode).toBeLessThan(500);
    await manage(ctx, 'x'.repeat(43));

    // Donor sign-in: request the link, open its page, verify, read the history.
    const donor = await seedDonor(ctx);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/donor/sign-in/request',
      payload: { email: donor.email },
    });
    expect(asked.statusCode).toBe(200);
    // The link is issued after the answer (the answer takes as long whether the address is known or not).
    for (let i = 0; i < 100 && !secrets.donorSignInToken; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const token = await latestSignInToken(ctx, donor.email);
      if (token) secrets.donorSignInToken = token;
    }
    await ctx.app.inject({ method: 'GET', url: `/donor/login?token=${secrets.donorSignInToken}` });
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/donor/sign-in/verify',
      payload: { token: secrets.donorSignInToken },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    secrets.donorSession = verified.cookies.find((c) => c.name === 'hg_donor')!.value;
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/donor/gift-history',
      headers: { cookie: `hg_donor=${secrets.donorSession}` },
    });
    expect(history.statusCode).toBe(200);

    await ctx.app.close();
    await log.close();
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').filter(Boolean);
    // The log was written: a line per request at least, the gift page's among them, by its route.
    expect(lines.length).toBeGreaterThan(25);
    expect(text).toContain('"url":"/api/gifts/manage/[redacted]"');
    expect(text).toContain('"url":"/sandbox/onboarding/[redacted]?[redacted]"');
    expect(Object.keys(secrets)).toHaveLength(12);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThanOrEqual(16);
      for (const form of new Set([secret, encodeURIComponent(secret)])) {
        expect(text.includes(form), `${name} leaked into the log`).toBe(false);
      }
    }
  });
});

describe('URL redaction', () => {
  it('keeps numeric ids and route words, drops every token and query', () => {
    const token = randomBytes(32).toString('base64url');
    expect(
      redactUrl(`/api/admin/gifts/42/resend-email`, {
        template: '/api/admin/gifts/:id/resend-email',
        params: { id: '42' },
      }),
    ).toBe('/api/admin/gifts/42/resend-email');
    expect(
      redactUrl(`/api/gifts/manage/${token}/cancel`, {
        template: '/api/gifts/manage/:token/cancel',
        params: { token },
      }),
    ).toBe('/api/gifts/manage/[redacted]/cancel');
    // Unmatched paths (the app's pages, 404s): known prefixes and token-like segments.
    expect(redactUrl(`/gift/manage/${token}`)).toBe('/gift/manage/[redacted]');
    expect(redactUrl(`/anything/${token}/x?token=${token}`)).toBe('/anything/[redacted]/x?[redacted]');
    expect(redactUrl('/sandbox/dashboard/acct_sb_0123456789abcdef0123')).toBe('/sandbox/dashboard/[redacted]');
    expect(redactUrl('/how-it-works')).toBe('/how-it-works');
  });
});
