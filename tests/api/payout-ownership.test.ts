// Payout accounts belong to a person, not to an address (issue 23, decision 021). A claims gift 1 for x@ and
// onboards; B, holding gift 2 for x@ and its right answer, is led to a provider page (the owner's sign-in of A's
// account, which asks A's phone code, or a new account's onboarding) and nothing is paid before B completes it; B's
// money lands in B's account, none in A's. A repeat recipient who signs in is paid into the existing account
// without a second identity check. The sign-in's nonce is refused when forged, replayed, expired or from another
// claim session, and parallel returns and completions pay once. The sandbox dashboard opens only with the code.
import { and, eq, sql } from 'drizzle-orm';
import { ledgerMovements, recipientAccounts, sandboxAccounts, sandboxTransfers } from '../../src/server/db/schema.js';
import { MINUTE } from '../../src/server/clock.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { OWNER_PROOF_REFUSED } from '../../src/server/services/claims/owner-proof.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import {
  SENDER_SECRETS,
  claimSessionCookie,
  claimStep,
  codeOnPhone,
  complete,
  dashboardLogin,
  dashboardOwnerCookie,
  enterSignInCode,
  giftRow,
  ownerPhone,
  returnFromSignIn,
  claimableGift,
  startClaim,
  submitOnboarding,
  useDifferentAccount,
} from '../helpers/claims.js';

const returnUrl = (token: string) => `http://localhost:3000/claim/${token}?return=true`;
const transfersTo = (ctx: TestContext, accountId: string) =>
  ctx.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.accountId, accountId));
const transfersOf = (ctx: TestContext, publicId: string) =>
  ctx.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, publicId));
const noSender = (body: string) => {
  for (const secret of SENDER_SECRETS) expect(body).not.toContain(secret);
};

describeEachEngine('payout accounts belong to their owner', (ctx) => {
  let n = 0;
  /** Gift 1 claimed by A, who onboarded (verified); gift 2 to the same address, not yet claimed. */
  async function afterAOnboarded() {
    const email = `x${++n}-${ctx().engine}@example.com`;
    const first = await claimableGift(ctx(), {
      recipientEmail: email,
      securityAnswer: 'Fluffy',
      amountCents: 3000,
    });
    const second = await claimableGift(ctx(), {
      recipientEmail: email,
      securityAnswer: 'Fluffy',
      amountCents: 4500,
    });
    const accountA = await startClaim(ctx(), first.claimToken, 'Fluffy');
    await submitOnboarding(ctx(), accountA, 'verified', returnUrl(first.claimToken));
    expect((await giftRow(ctx(), first.gift.id)).status).toBe('claimed');
    return { first, second, accountA };
  }

  /** The owner's sign-in from a claim's answer, completed with the code on the owner's phone: the provider's return. */
  async function signInAsOwner(token: string, accountId: string) {
    const step = await claimStep(ctx(), token, 'Fluffy');
    expect(step.accountStep).toBe('owner_sign_in');
    const page = await ctx().app.inject({ method: 'GET', url: new URL(step.accountLinkUrl).pathname });
    expect(page.statusCode).toBe(200);
    const signedIn = await enterSignInCode(
      ctx(),
      step.accountLinkUrl,
      await codeOnPhone(ctx(), await ownerPhone(ctx(), accountId)),
    );
    expect(signedIn.statusCode).toBe(303);
    return { location: String(signedIn.headers.location), session: claimSessionCookie(ctx(), token)!, page };
  }

  it("leads B to a provider page, pays nothing before B completes it, and pays B's account, never A's", async () => {
    const { second, accountA } = await afterAOnboarded();
    const aBefore = await transfersTo(ctx(), accountA);

    // B answers gift 2 right: a provider page (the sign-in of A's account), and gift 2 has no account.
    const answer = await claimStep(ctx(), second.claimToken, 'Fluffy');
    expect(answer.accountStep).toBe('owner_sign_in');
    expect(answer.accountLinkUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/sign-in\/[\w-]+$/);
    expect(answer.accountLinkUrl).not.toContain(accountA);
    const signInPage = await ctx().app.inject({ method: 'GET', url: new URL(answer.accountLinkUrl).pathname });
    expect(signInPage.body).toContain('Sign in to your payout account');
    expect(signInPage.body).not.toContain(accountA);
    noSender(signInPage.body);
    expect((await giftRow(ctx(), second.gift.id)).recipientAccountId).toBeNull();

    // B does not have A's phone: a guessed code opens nothing.
    const guessed = await enterSignInCode(ctx(), answer.accountLinkUrl, '000000');
    expect(guessed.statusCode).toBe(401);
    expect(guessed.headers.location).toBeUndefined();

    // Nothing is paid: not by the completion check, not by the payout job.
    const early = await complete(ctx(), second.claimToken);
    expect(early.statusCode).toBe(400);
    expect(await runPayouts(ctx().deps)).toMatchObject({ claimed: 0 });
    expect(await transfersOf(ctx(), second.gift.publicId)).toHaveLength(0);

    // "Use a different account": a new account for gift 2, whose onboarding B has not done yet.
    const different = await useDifferentAccount(ctx(), second.claimToken);
    expect(different.statusCode).toBe(303);
    const accountB = /\/sandbox\/onboarding\/([^/?]+)/.exec(String(different.headers.location))![1]!;
    expect(accountB).not.toBe(accountA);
    expect((await giftRow(ctx(), second.gift.id)).recipientAccountId).toBe(accountB);
    expect((await complete(ctx(), second.claimToken)).json()).toMatchObject({ success: false, payoutAccount: null });
    ctx().clock.advance(MINUTE);
    expect(await runPayouts(ctx().deps)).toMatchObject({ claimed: 0 });
    expect(await transfersOf(ctx(), second.gift.publicId)).toHaveLength(0);

    // B onboards: the money lands in B's account; A's account got nothing more.
    await submitOnboarding(ctx(), accountB, 'verified', returnUrl(second.claimToken));
    expect((await giftRow(ctx(), second.gift.id)).status).toBe('claimed');
    expect((await transfersTo(ctx(), accountB)).map((t) => [t.transferGroup, t.amountCents])).toEqual([
      [second.gift.publicId, 4500],
    ]);
    expect(await transfersTo(ctx(), accountA)).toEqual(aBefore);
    // The ledger agrees: gift 2's one transfer succeeded, at the provider under B's account.
    const [moved] = await ctx()
      .db.select()
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.giftId, second.gift.id), eq(ledgerMovements.kind, 'transfer')));
    expect(moved).toMatchObject({ state: 'succeeded', amountCents: 4500 });
    const [atProvider] = await ctx()
      .db.select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.id, moved!.providerRef!));
    expect(atProvider!.accountId).toBe(accountB);
    noSender(different.body + answer.accountLinkUrl);
  });

  it('pays a repeat recipient who signs in into the existing account, with no second identity check', async () => {
    const { second, accountA } = await afterAOnboarded();
    const accounts = await ctx()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(sandboxAccounts);
    const { location, session, page } = await signInAsOwner(second.claimToken, accountA);
    noSender(page.body);
    expect(location).toMatch(
      new RegExp(`^http://localhost:3000/api/gifts/claim/${second.claimToken}/owner-proof\\?proof=[\\w-]{43}$`),
    );
    const back = await returnFromSignIn(ctx(), location, session);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(returnUrl(second.claimToken));
    expect((await giftRow(ctx(), second.gift.id)).recipientAccountId).toBe(accountA);

    const done = await complete(ctx(), second.claimToken);
    const [a] = await ctx().db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountA));
    expect(done.json()).toMatchObject({ success: true, payoutAccount: `…${a!.payoutLast4}` });
    noSender(done.body);
    expect((await transfersOf(ctx(), second.gift.publicId)).map((t) => t.accountId)).toEqual([accountA]);
    // No new account, no onboarding: the owner's sign-in was the only check.
    expect(
      await ctx()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(sandboxAccounts),
    ).toEqual(accounts);
    expect(await ctx().db.select().from(recipientAccounts).where(eq(recipientAccounts.giftId, second.gift.id))).toEqual(
      [],
    );
  });

  it('refuses a forged, expired, replayed nonce or one from another claim session', async () => {
    const { second, accountA } = await afterAOnboarded();
    const refused = async (location: string, cookie: string | undefined) => {
      const res = await returnFromSignIn(ctx(), location, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'OWNER_PROOF_REFUSED', message: OWNER_PROOF_REFUSED });
      expect((await giftRow(ctx(), second.gift.id)).recipientAccountId).toBeNull();
    };

    // Expired: signed in, but back after the proof's 15 minutes.
    const late = await signInAsOwner(second.claimToken, accountA);
    ctx().clock.advance(16 * MINUTE);
    await refused(late.location, late.session);

    const { location, session } = await signInAsOwner(second.claimToken, accountA);
    const forged = location.replace(/proof=[\w-]+/, `proof=${'A'.repeat(43)}`);
    await refused(forged, session);
    await refused(location.replace(/proof=[\w-]+/, 'proof=short'), session);
    await refused(location, undefined);
    // Someone else who answered too (their own claim session) cannot use the owner's return.
    await claimStep(ctx(), second.claimToken, 'Fluffy');
    const other = claimSessionCookie(ctx(), second.claimToken)!;
    expect(other).not.toBe(session);
    await refused(location, other);

    expect((await returnFromSignIn(ctx(), location, session)).statusCode).toBe(303);
    expect((await giftRow(ctx(), second.gift.id)).recipientAccountId).toBe(accountA);
    // Replayed: used once already.
    const replay = await returnFromSignIn(ctx(), location, session);
    expect(replay.statusCode).toBe(400);
  });

  it('takes parallel returns with one nonce once, and parallel completions pay once', async () => {
    const { second, accountA } = await afterAOnboarded();
    const { location, session } = await signInAsOwner(second.claimToken, accountA);
    const returns = await Promise.all(Array.from({ length: 12 }, () => returnFromSignIn(ctx(), location, session)));
    expect(returns.map((r) => r.statusCode).sort()).toEqual([303, ...Array<number>(11).fill(400)]);
    const completions = await Promise.all(
      Array.from({ length: 20 }, () => complete(ctx(), second.claimToken, session)),
    );
    for (const res of completions) expect(res.json().success).toBe(true);
    expect(await transfersOf(ctx(), second.gift.publicId)).toHaveLength(1);
    expect((await giftRow(ctx(), second.gift.id)).status).toBe('claimed');
  });

  it('sets up one new account for repeated "Use a different account", and none once the money is decided', async () => {
    const { first, second } = await afterAOnboarded();
    await claimStep(ctx(), second.claimToken, 'Fluffy');
    const [one, two] = await Promise.all([
      useDifferentAccount(ctx(), second.claimToken),
      useDifferentAccount(ctx(), second.claimToken),
    ]);
    expect(one.headers.location).toBe(two.headers.location);
    expect(
      await ctx().db.select().from(recipientAccounts).where(eq(recipientAccounts.giftId, second.gift.id)),
    ).toHaveLength(1);
    // Without the claim session: as for an unknown gift.
    expect((await useDifferentAccount(ctx(), second.claimToken, '')).statusCode).toBe(404);
    // Gift 1 was paid out (in the session its answer opened): its account can no longer change.
    const late = await useDifferentAccount(ctx(), first.claimToken);
    expect(late.statusCode).toBe(404);
  });

  it("opens the sandbox dashboard only with the owner's code, from the claim page's Account Login too", async () => {
    const { first, accountA } = await afterAOnboarded();
    // "Account Login" in the claim session hands out the provider's dashboard address, which asks for the code.
    const login = await dashboardLogin(ctx(), first.gift.publicId);
    expect(login.json()).toEqual({ url: `http://localhost:3000/sandbox/dashboard/${accountA}` });
    const asked = await ctx().app.inject({ method: 'GET', url: `/sandbox/dashboard/${accountA}` });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toMatch(/^\/sandbox\/sign-in\/[\w-]+$/);
    expect(asked.body).not.toContain('Transfers');
    const verifyWithout = await ctx().app.inject({
      method: 'POST',
      url: `/sandbox/dashboard/${accountA}/verify`,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(verifyWithout.statusCode).toBe(303);
    expect(verifyWithout.headers.location).toMatch(/^\/sandbox\/sign-in\//);

    // Five wrong codes end the sign-in (the newest: each replaces the one before); the right one then opens nothing.
    const signIn = String(verifyWithout.headers.location);
    const code = await codeOnPhone(ctx(), await ownerPhone(ctx(), accountA));
    for (let i = 0; i < 4; i++) expect((await enterSignInCode(ctx(), signIn, '999999x')).statusCode).toBe(401);
    expect((await enterSignInCode(ctx(), signIn, '999999x')).statusCode).toBe(410);
    const tooLate = await enterSignInCode(ctx(), signIn, code);
    expect(tooLate.statusCode).toBe(410);
    expect(tooLate.cookies.find((c) => c.name === 'hg_sandbox_owner')).toBeUndefined();

    // The owner, with the code: the dashboard shows the payout and nothing about the sender.
    const cookie = await dashboardOwnerCookie(ctx(), accountA);
    const dash = await ctx().app.inject({ method: 'GET', url: `/sandbox/dashboard/${accountA}`, headers: { cookie } });
    expect(dash.statusCode).toBe(200);
    expect(dash.body).toContain('$30.00');
    noSender(dash.body);
    // That sign-in opens this account only.
    const otherGift = await claimableGift(ctx());
    const otherAccount = await startClaim(ctx(), otherGift.claimToken);
    await submitOnboarding(ctx(), otherAccount, 'pending', returnUrl(otherGift.claimToken));
    const elsewhere = await ctx().app.inject({
      method: 'GET',
      url: `/sandbox/dashboard/${otherAccount}`,
      headers: { cookie },
    });
    expect(elsewhere.statusCode).toBe(303);
  });
});
