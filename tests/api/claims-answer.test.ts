// Claim lookup and the claim call: messages, refusal of unclaimable gifts, the answer lockout counted in the
// database (and its expiry on the injected clock), one connected account per recipient e-mail.
import { eq } from 'drizzle-orm';
import { recipientAccounts } from '../../src/server/db/schema.js';
import { HOUR, MINUTE } from '../../src/server/clock.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { SENDER_SECRETS, claim, claimableGift, giftRow, setAccountStatus, startClaim } from '../helpers/claims.js';
import { giftIn } from '../helpers/gifts.js';

describeEachEngine('claim lookup and answer', (ctx) => {
  it('shows a paid gift without anything about the sender', async () => {
    const { claimToken } = await claimableGift(ctx(), { amountCents: 5250, securityAnswer: 'Fluffy' });
    const res = await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${claimToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      recipientFirstName: 'Rita',
      amount: '52.50',
      // Behind a question the message is the right answer's to open (issue 25 point 1).
      personalNote: null,
      hasSecurityQuestion: true,
      securityQuestion: "What is your pet's name?",
    });
    for (const secret of SENDER_SECRETS) expect(res.body).not.toContain(secret);
  });

  it('opens the personal message with the right answer, and shows it at once on a gift without a question', async () => {
    // (The server-rendered page draws these same answers: tests/e2e/claim-page.test.ts.)
    const questioned = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const wrong = await claim(ctx(), questioned.claimToken, { securityAnswer: 'Rex' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).not.toContain('Happy birthday!');
    const right = await claim(ctx(), questioned.claimToken, { securityAnswer: 'Fluffy' });
    expect(right.json().personalNote).toBe('Happy birthday!');

    const open = await claimableGift(ctx());
    const lookup = await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${open.claimToken}` });
    expect(lookup.json()).toMatchObject({ personalNote: 'Happy birthday!', hasSecurityQuestion: false });
    expect((await claim(ctx(), open.claimToken)).json().personalNote).toBe('Happy birthday!');
  });

  it('answers 404 with a message for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'nope', 'x'.repeat(90)]) {
      const res = await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'GIFT_NOT_FOUND', message: 'This gift link is invalid or has expired.' });
      const post = await claim(ctx(), token, { securityAnswer: 'x' });
      expect(post.statusCode).toBe(404);
      expect(post.json().message).toBe('This gift link is invalid or has expired.');
    }
  });

  it('refuses expired, refunded and claimed gifts; a pending gift has no claim link at all', async () => {
    for (const status of ['expired', 'refunded', 'claimed'] as const) {
      const { claimToken } = await giftIn(ctx(), status, { securityAnswer: 'Fluffy' });
      const lookup = await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${claimToken}` });
      expect(lookup.statusCode, status).toBe(404);
      const res = await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' });
      expect(res.statusCode, status).toBe(404);
      expect(res.json()).toEqual({ code: 'GIFT_NOT_FOUND', message: 'This gift link is invalid or has expired.' });
    }
    // The claim token is minted at payment: an unpaid gift's recipient has been sent nothing to claim with.
    const { gift: pending } = await giftIn(ctx(), 'pending', { securityAnswer: 'Fluffy' });
    expect(pending.claimTokenHash).toBeNull();
    expect(await ctx().flushEmails(pending.recipientEmail!)).toEqual([]);
  });

  it('requires an answer when the gift has a question', async () => {
    const { claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    for (const body of [{}, { securityAnswer: '' }, { securityAnswer: '   ' }, { securityAnswer: null }]) {
      const res = await claim(ctx(), claimToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Security answer is required' });
    }
  });

  it('rejects a wrong answer and accepts the right one however it is spaced or cased', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Mister Fluffy' });
    const wrong = await claim(ctx(), claimToken, { securityAnswer: 'Rex' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'ANSWER_INCORRECT', message: 'Incorrect security answer' });
    expect((await giftRow(ctx(), gift.id)).wrongAnswerCount).toBe(1);

    const right = await claim(ctx(), claimToken, { securityAnswer: '  mister   FLUFFY ' });
    expect(right.statusCode).toBe(200);
    const { accountLinkUrl } = right.json();
    expect(accountLinkUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/onboarding\/acct_sb_\w+\?/);
    const link = new URL(accountLinkUrl);
    expect(link.searchParams.get('return_url')).toBe(`http://localhost:3000/claim/${claimToken}?return=true`);
    expect(link.searchParams.get('refresh_url')).toBe(`http://localhost:3000/api/gifts/claim/${claimToken}/onboarding`);
    const row = await giftRow(ctx(), gift.id);
    expect(row.claimStartedAt).toEqual(ctx().clock.now());
    expect(row.recipientAccountId).toMatch(/^acct_sb_/);
    expect(row.wrongAnswerCount).toBe(0);
    expect(row.status).toBe('paid');
    for (const secret of SENDER_SECRETS) expect(right.body).not.toContain(secret);
  });

  it('claims a gift without a question with no body at all', async () => {
    const { claimToken } = await claimableGift(ctx());
    const res = await claim(ctx(), claimToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().accountLinkUrl).toContain('/sandbox/onboarding/');
  });

  it('rejects unexpected fields and over-long answers with a 400 naming the field', async () => {
    const { claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const extra = await claim(ctx(), claimToken, { securityAnswer: 'Fluffy', amount: '1000.00' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/amount/);
    const long = await claim(ctx(), claimToken, { securityAnswer: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/securityAnswer/);
  });

  it('locks claiming for an hour after 5 wrong answers, then lets the right answer through', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    for (let i = 1; i <= 4; i++) {
      const res = await claim(ctx(), claimToken, { securityAnswer: `wrong ${i}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Incorrect security answer');
    }
    const fifth = await claim(ctx(), claimToken, { securityAnswer: 'wrong 5' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('3600');
    expect(fifth.json().message).toBe(
      'Too many incorrect answers. For your security, claiming this gift is locked. Please try again in 1 hour (after 13:00 UTC).',
    );
    expect((await giftRow(ctx(), gift.id)).claimLockedUntil).toEqual(new Date(ctx().clock.now().getTime() + HOUR));

    // Even the right answer waits out the lock.
    const locked = await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' });
    expect(locked.statusCode).toBe(429);
    ctx().clock.advance(45 * MINUTE);
    const later = await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' });
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toMatch(/try again in 15 minutes/);
    expect(Number(later.headers['retry-after'])).toBe(15 * 60);

    ctx().clock.advance(15 * MINUTE);
    const open = await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' });
    expect(open.statusCode).toBe(200);
  });

  it('counts parallel wrong answers exactly: 4 incorrect, then locked', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claim(ctx(), claimToken, { securityAnswer: `guess ${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 400)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    const row = await giftRow(ctx(), gift.id);
    expect(row.claimLockedUntil!.getTime()).toBeGreaterThan(ctx().clock.now().getTime());
  });

  it('sets up an account per claim for an address, and offers the owner sign-in once one is onboarded', async () => {
    const email = `same-${ctx().engine}@example.com`;
    const first = await claimableGift(ctx(), { recipientEmail: email });
    const second = await claimableGift(ctx(), { recipientEmail: email.toUpperCase() });
    // Neither account has an owner yet: each claim gets its own (decision 021), never the other's.
    const [a, b] = await Promise.all([startClaim(ctx(), first.claimToken), startClaim(ctx(), second.claimToken)]);
    expect(a).not.toBe(b);
    const rows = await ctx().db.select().from(recipientAccounts).where(eq(recipientAccounts.email, email));
    expect(rows.map((r) => r.providerAccountId).sort()).toEqual([a, b].sort());

    await setAccountStatus(ctx(), a, 'verified');
    const third = await claimableGift(ctx(), { recipientEmail: email });
    const res = await claim(ctx(), third.claimToken, {});
    expect(res.json()).toEqual({
      accountStep: 'owner_sign_in',
      accountLinkUrl: expect.stringMatching(/^http:\/\/localhost:3000\/sandbox\/sign-in\/[\w-]+$/),
      personalNote: 'Happy birthday!',
    });
    expect((await giftRow(ctx(), third.gift.id)).recipientAccountId).toBeNull();
  });
});
