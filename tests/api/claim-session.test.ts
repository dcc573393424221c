// The claim session (decision 012): the right answer opens a session bound to that one gift, in an HttpOnly cookie
// whose id is stored only hashed. The onboarding refresh, the completion check, the dashboard login and the
// detailed status need it: whoever holds only the claim link (the answer already given by the recipient) gets the
// same answers as for an unknown gift, and the status only as the sender sees it. It ends 30 minutes after its
// last use and 3 hours after the answer; one gift's session opens no other gift, not even one paying into the
// same payout account. Provider reads by the status and completion calls are shared per gift.
import { and, eq } from 'drizzle-orm';
import { sessions } from '../../src/server/db/schema.js';
import { sha256 } from '../../src/server/crypto.js';
import { MINUTE } from '../../src/server/clock.js';
import { ACCOUNT_READ_TTL_MS } from '../../src/server/services/claims/account-reads.js';
import { createPaymentProvider } from '../../src/server/payments/index.js';
import { loadConfig } from '../../src/server/config.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { scripted, type ScriptedProvider } from '../helpers/scripted-provider.js';
import { giftIn, openGiftDispute, type GiftStatus } from '../helpers/gifts.js';
import {
  claim,
  claimSessionCookie,
  claimableGift,
  complete,
  dashboardLogin,
  giftRow,
  giftStatus,
  refreshOnboarding,
  setAccountStatus,
  startClaim,
} from '../helpers/claims.js';

const UNKNOWN_TOKEN = 'A'.repeat(43);
const UNKNOWN_GIFT = 'g_AAAAAAAAAAAAAAAA';
const NO_SESSION = '';

/** Every call a holder of the link alone could make after the recipient answered, as [status, body or location]. */
async function answersWithout(ctx: TestContext, token: string, publicId: string, cookie = NO_SESSION) {
  const done = await complete(ctx, token, cookie);
  const refresh = await refreshOnboarding(ctx, token, cookie);
  const dashboard = await dashboardLogin(ctx, publicId, cookie);
  return {
    complete: [done.statusCode, done.json()],
    onboarding: [refresh.statusCode, refresh.headers.location?.toString().replace(token, '<token>')],
    dashboard: [dashboard.statusCode, dashboard.json()],
  };
}

describeEachEngine('claim session', (ctx) => {
  it('answers a holder of the claim link without the session exactly as for an unknown gift', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const account = await startClaim(ctx(), claimToken, 'Fluffy');
    const unknown = await answersWithout(ctx(), UNKNOWN_TOKEN, UNKNOWN_GIFT);
    expect(unknown).toEqual({
      complete: [404, { code: 'GIFT_NOT_FOUND', message: 'This gift link is invalid or has expired.' }],
      onboarding: [303, 'http://localhost:3000/claim/<token>'],
      dashboard: [404, { code: 'GIFT_NOT_FOUND', message: 'Gift not found. Check the link and try again.' }],
    });
    expect(await answersWithout(ctx(), claimToken, gift.publicId)).toEqual(unknown);
    // A made-up session id is no session either.
    const forged = `hg_claim_${gift.publicId}=${'x'.repeat(43)}`;
    expect(await answersWithout(ctx(), claimToken, gift.publicId, forged)).toEqual(unknown);
    // The status says only what the sender's views say.
    expect((await giftStatus(ctx(), gift.publicId, NO_SESSION)).json()).toEqual({ status: 'paid' });
    expect((await giftRow(ctx(), gift.id)).status).toBe('paid');

    // The recipient, in the session the answer opened: every step works.
    expect((await refreshOnboarding(ctx(), claimToken)).headers.location).toMatch(`/sandbox/onboarding/${account}?`);
    // The dashboard exists once the account has an owner (onboarding): in the session it says so, not "not found".
    expect((await dashboardLogin(ctx(), gift.publicId)).json()).toEqual({
      code: 'PAYOUT_ACCOUNT_NOT_READY',
      message: 'Your payout account is not ready for dashboard access yet. Finish your account setup first.',
    });
    expect((await giftStatus(ctx(), gift.publicId)).json()).toEqual({
      status: 'setup_required',
      stripeAccount: { requirements_pending: 6 },
    });
    await setAccountStatus(ctx(), account, 'verified');
    ctx().clock.advance(ACCOUNT_READ_TTL_MS);
    expect((await complete(ctx(), claimToken)).json()).toMatchObject({ success: true, giftId: gift.publicId });
    // Claimed: still nothing for the link alone, and only "completed" for the status.
    expect((await complete(ctx(), claimToken, NO_SESSION)).statusCode).toBe(404);
    expect((await giftStatus(ctx(), gift.publicId, NO_SESSION)).json()).toEqual({ status: 'completed' });
    expect((await giftStatus(ctx(), gift.publicId)).json()).toEqual({
      status: 'completed',
      stripeAccount: { requirements_pending: 0 },
    });
  });

  it('tells the status without the session as the sender sees it, a card dispute included', async () => {
    const as = async (status: GiftStatus) => {
      const { gift } = await giftIn(ctx(), status);
      return (await giftStatus(ctx(), gift.publicId, NO_SESSION)).json();
    };
    expect(await as('claimed')).toEqual({ status: 'completed' });
    expect(await as('refunded')).toEqual({ status: 'refunded' });
    expect(await as('disputed')).toEqual({ status: 'unavailable' });
    // A dispute still open holds the payout; the gift is still paid, which is all that is said.
    const { gift: contested } = await claimableGift(ctx());
    await openGiftDispute(ctx(), contested);
    expect((await giftStatus(ctx(), contested.publicId, NO_SESSION)).json()).toEqual({ status: 'paid' });
  });

  it('sets an HttpOnly, SameSite=Lax cookie for /api/gifts/ named by the gift, its id stored only hashed', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const wrong = await claim(ctx(), claimToken, { securityAnswer: 'Rex' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const res = await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' });
    expect(res.statusCode).toBe(200);
    // The session id is only in the cookie; the body holds the next step and the message the answer opened.
    expect(Object.keys(res.json()).sort()).toEqual(['accountLinkUrl', 'accountStep', 'personalNote']);
    const [cookie] = res.cookies;
    expect(res.cookies).toHaveLength(1);
    expect(cookie).toMatchObject({
      name: `hg_claim_${gift.publicId}`,
      path: '/api/gifts/',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 3 * 3600,
    });
    expect(cookie!.secure).toBeUndefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(cookie!.value);
    const rows = await ctx()
      .db.select()
      .from(sessions)
      .where(and(eq(sessions.kind, 'claim'), eq(sessions.subjectId, gift.id)));
    expect(rows.map((r) => r.idHash)).toEqual([sha256(cookie!.value)]);
  });

  it('ends 30 minutes after its last use (each use renews it) and 3 hours after the answer', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    await startClaim(ctx(), claimToken, 'Fluffy');
    const inSession = async () => (await giftStatus(ctx(), gift.publicId)).json().status !== 'paid';
    for (let used = 0; used < 8; used++) {
      ctx().clock.advance(20 * MINUTE);
      expect(await inSession()).toBe(true);
    }
    ctx().clock.advance(20 * MINUTE); // 3 hours since the answer
    expect(await inSession()).toBe(false);

    // A fresh answer opens a fresh session, which lapses after 30 idle minutes.
    await startClaim(ctx(), claimToken, 'Fluffy');
    ctx().clock.advance(29 * MINUTE);
    expect(await inSession()).toBe(true);
    ctx().clock.advance(30 * MINUTE);
    expect(await inSession()).toBe(false);
    expect((await complete(ctx(), claimToken)).statusCode).toBe(404);
  });

  it("does not open another gift with one gift's session, even one to the same address with a verified account", async () => {
    const email = `reused-${ctx().engine}@example.com`;
    const first = await claimableGift(ctx(), { recipientEmail: email, securityAnswer: 'Fluffy' });
    const second = await claimableGift(ctx(), { recipientEmail: email, securityAnswer: 'Rex' });
    const account = await startClaim(ctx(), first.claimToken, 'Fluffy');
    await setAccountStatus(ctx(), account, 'verified');
    const firstSession = claimSessionCookie(ctx(), first.claimToken)!;
    const firstId = firstSession.split('=')[1]!;

    // Someone holding the second gift's link and the first gift's session (under either cookie name).
    for (const cookie of [firstSession, `hg_claim_${second.gift.publicId}=${firstId}`]) {
      expect((await complete(ctx(), second.claimToken, cookie)).statusCode).toBe(404);
      expect((await dashboardLogin(ctx(), second.gift.publicId, cookie)).statusCode).toBe(404);
      expect((await refreshOnboarding(ctx(), second.claimToken, cookie)).headers.location).toBe(
        `http://localhost:3000/claim/${second.claimToken}`,
      );
      expect((await giftStatus(ctx(), second.gift.publicId, cookie)).json()).toEqual({ status: 'paid' });
    }
    const untouched = await giftRow(ctx(), second.gift.id);
    expect(untouched).toMatchObject({ status: 'paid', claimStartedAt: null, recipientAccountId: null });

    // The second gift's own answer does not reach the account either: it leads to the owner's sign-in
    // (decision 021), and until then the gift has no account and its completion pays nothing.
    const res = await claim(ctx(), second.claimToken, { securityAnswer: 'Rex' });
    expect(res.json().accountStep).toBe('owner_sign_in');
    expect((await complete(ctx(), second.claimToken)).json().message).toMatch(
      /sign in to your existing payout account/,
    );
    expect((await giftRow(ctx(), second.gift.id)).recipientAccountId).toBeNull();
  });
});

describeEachEngine(
  'provider reads by the status and completion calls',
  (ctx) => {
    const script = () => (ctx().deps.payments as ScriptedProvider).script;

    it('reaches the provider once per gift for a burst of status polls and completions, again after 5 seconds', async () => {
      const { gift, claimToken } = await claimableGift(ctx());
      await startClaim(ctx(), claimToken);
      const before = script().count('retrieveAccount');
      const polls = await Promise.all(Array.from({ length: 30 }, () => giftStatus(ctx(), gift.publicId)));
      for (const res of polls)
        expect(res.json()).toEqual({ status: 'setup_required', stripeAccount: { requirements_pending: 6 } });
      const completions = await Promise.all(Array.from({ length: 20 }, () => complete(ctx(), claimToken)));
      for (const res of completions) expect(res.json().success).toBe(false);
      expect(script().count('retrieveAccount') - before).toBe(1);

      ctx().clock.advance(ACCOUNT_READ_TTL_MS);
      await Promise.all(Array.from({ length: 10 }, () => giftStatus(ctx(), gift.publicId)));
      expect(script().count('retrieveAccount') - before).toBe(2);

      // Without the session the status never reaches the provider.
      ctx().clock.advance(ACCOUNT_READ_TTL_MS);
      await Promise.all(Array.from({ length: 10 }, () => giftStatus(ctx(), gift.publicId, NO_SESSION)));
      expect(script().count('retrieveAccount') - before).toBe(2);

      // Another gift has its own read.
      const other = await claimableGift(ctx());
      await startClaim(ctx(), other.claimToken);
      const beforeOther = script().count('retrieveAccount');
      await giftStatus(ctx(), other.gift.publicId);
      expect(script().count('retrieveAccount') - beforeOther).toBe(1);
    });
  },
  { payments: (deps) => scripted(createPaymentProvider(deps.config, deps.db, deps.clock)) },
);

describeEachEngine(
  'claim session behind https',
  (ctx) => {
    it('marks the cookie Secure when PUBLIC_URL is https', async () => {
      const { gift, claimToken } = await claimableGift(ctx());
      const res = await claim(ctx(), claimToken, {});
      expect(res.cookies.find((c) => c.name === `hg_claim_${gift.publicId}`)).toMatchObject({
        secure: true,
        httpOnly: true,
      });
    });
  },
  // As the server reads PUBLIC_URL=https://… at start.
  (({ publicUrl, secureCookies }) => ({ config: { publicUrl, secureCookies } }))(
    loadConfig({ PUBLIC_URL: 'https://hushgift.example' }),
  ),
);
