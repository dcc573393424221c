// The status poll for each onboarding outcome, the dashboard login, the onboarding refresh route (all three in
// the gift's claim session; claim-session.test.ts proves what they answer without it) and the sandbox onboarding
// and dashboard pages.
import { eq } from 'drizzle-orm';
import { gifts } from '../../src/server/db/schema.js';
import { ACCOUNT_READ_TTL_MS } from '../../src/server/services/claims/account-reads.js';
import { disconnectAccount } from '../../src/server/payments/sandbox/console-actions.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { giftIn } from '../helpers/gifts.js';
import {
  SENDER_SECRETS,
  complete,
  dashboardLogin,
  dashboardOwnerCookie,
  giftStatus as status,
  refreshOnboarding,
  claimableGift,
  setAccountStatus,
  startClaim,
  submitOnboarding,
} from '../helpers/claims.js';

const returnUrl = (token: string) => `http://localhost:3000/claim/${token}?return=true`;

describeEachEngine('claim status, dashboard and onboarding pages', (ctx) => {
  it('reports each onboarding outcome', async () => {
    const { gift, claimToken } = await claimableGift(ctx());
    const expectStatus = async (expected: unknown) => {
      ctx().clock.advance(ACCOUNT_READ_TTL_MS); // past the shared provider read of the previous poll
      const res = await status(ctx(), gift.publicId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
      for (const secret of SENDER_SECRETS) expect(res.body).not.toContain(secret);
    };
    await expectStatus({ status: 'paid' }); // no claim session yet
    const account = await startClaim(ctx(), claimToken);
    await expectStatus({ status: 'setup_required', stripeAccount: { requirements_pending: 6 } });
    await submitOnboarding(ctx(), account, 'needs_info', returnUrl(claimToken));
    await expectStatus({ status: 'setup_required', stripeAccount: { requirements_pending: 2 } });
    await submitOnboarding(ctx(), account, 'pending', returnUrl(claimToken));
    await expectStatus({ status: 'verifying', stripeAccount: { requirements_pending: 0 } });
    // Verified at the provider, payout not made yet (the job or the completion check will).
    await setAccountStatus(ctx(), account, 'verified');
    await expectStatus({ status: 'transfer_pending', stripeAccount: { requirements_pending: 0 } });
    await complete(ctx(), claimToken);
    await expectStatus({ status: 'completed', stripeAccount: { requirements_pending: 0 } });
  });

  it('answers 404 for unknown, malformed and unpaid gifts, and reports expiry', async () => {
    for (const id of ['g_AAAAAAAAAAAAAAAA', '1', 'g_short']) {
      const res = await status(ctx(), id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/Gift not found/);
    }
    const { gift: pending } = await giftIn(ctx(), 'pending');
    expect((await status(ctx(), pending.publicId)).statusCode).toBe(404);
    // The serial id is never accepted.
    expect((await status(ctx(), String(pending.id))).statusCode).toBe(404);
    const { gift: expired } = await giftIn(ctx(), 'expired');
    expect((await status(ctx(), expired.publicId)).json()).toEqual({ status: 'expired' });
  });

  it('gives the dashboard login in the claim session, once the payout account has its owner', async () => {
    const { gift, claimToken } = await claimableGift(ctx());
    const account = await startClaim(ctx(), claimToken);
    // No owner yet (onboarding not submitted): the provider has nobody to sign in.
    expect((await dashboardLogin(ctx(), gift.publicId)).statusCode).toBe(409);
    await submitOnboarding(ctx(), account, 'pending', returnUrl(claimToken));
    const ok = await dashboardLogin(ctx(), gift.publicId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ url: `http://localhost:3000/sandbox/dashboard/${account}` });
    // The account link was undone (the recipient disconnected it at the provider): nothing to sign in to yet.
    await disconnectAccount(ctx().sandbox, account);
    const notSetUp = await dashboardLogin(ctx(), gift.publicId);
    expect(notSetUp.statusCode).toBe(409);
    expect(notSetUp.json().message).toMatch(/not set up yet/);
  });

  it('mints a fresh onboarding link from the refresh route', async () => {
    const { claimToken } = await claimableGift(ctx());
    const account = await startClaim(ctx(), claimToken);
    const res = await refreshOnboarding(ctx(), claimToken);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^http://localhost:3000/sandbox/onboarding/${account}\\?`));
    await submitOnboarding(ctx(), account, 'verified', returnUrl(claimToken));
    const after = await refreshOnboarding(ctx(), claimToken);
    expect(after.headers.location).toBe(returnUrl(claimToken));
  });

  it('serves the sandbox onboarding page with test details, the Outcome select and Submit', async () => {
    const { claimToken } = await claimableGift(ctx());
    const account = await startClaim(ctx(), claimToken);
    const res = await ctx().app.inject({
      method: 'GET',
      url: `/sandbox/onboarding/${account}?return_url=${encodeURIComponent(returnUrl(claimToken))}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sandbox mode — no real money moves');
    expect(res.body).toContain('<label for="outcome">Outcome</label>');
    expect(res.body).toMatch(
      /<option value="verified">Verified<\/option><option value="needs_info">Needs more information<\/option><option value="pending">Verification pending<\/option>/,
    );
    expect(res.body).toContain('<button type="submit">Submit</button>');
    expect(res.body).toContain('value="110000000"');
    expect(res.body).toContain(`value="${returnUrl(claimToken).replace('&', '&amp;')}"`);
    const missing = await ctx().app.inject({ method: 'GET', url: '/sandbox/onboarding/acct_sb_nope' });
    expect(missing.statusCode).toBe(404);
  });

  it('never redirects off-site from the sandbox onboarding', async () => {
    const { claimToken } = await claimableGift(ctx());
    const account = await startClaim(ctx(), claimToken);
    const res = await submitOnboarding(ctx(), account, 'pending', 'https://evil.example/phish');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/');
    const page = await ctx().app.inject({
      method: 'GET',
      url: `/sandbox/onboarding/${account}?return_url=https://evil.example`,
    });
    expect(page.body).not.toContain('evil.example');
  });

  it('shows the sandbox dashboard and completes a pending verification from it, paying out', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { amountCents: 1234 });
    const account = await startClaim(ctx(), claimToken);
    await submitOnboarding(ctx(), account, 'pending', returnUrl(claimToken));
    const cookie = await dashboardOwnerCookie(ctx(), account);
    const dash = await ctx().app.inject({ method: 'GET', url: `/sandbox/dashboard/${account}`, headers: { cookie } });
    expect(dash.statusCode).toBe(200);
    expect(dash.body).toContain('Verification pending');
    const verify = await ctx().app.inject({
      method: 'POST',
      url: `/sandbox/dashboard/${account}/verify`,
      headers: { origin: 'http://localhost:3000', cookie },
    });
    expect(verify.statusCode).toBe(303);
    const [row] = await ctx().db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row!.status).toBe('claimed');
    const after = await ctx().app.inject({ method: 'GET', url: `/sandbox/dashboard/${account}`, headers: { cookie } });
    expect(after.body).toContain('$12.34');
    expect(after.body).not.toContain('Complete verification');
  });
});
