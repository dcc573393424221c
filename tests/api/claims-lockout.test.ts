// The claim lockout of decision 012: each answer counted before it is checked (a parallel burst gets exactly
// five checked), locks of 1 hour then 24 hours, a freeze for an operator after 15 wrong answers, a limit per
// client address (IPv6 by /64), and no claim once the gift is past its expiry.
import { HOUR, MINUTE } from '../../src/server/clock.js';
import { FROZEN_MESSAGE, FROZEN_REASON } from '../../src/server/services/claims/claim.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { claim, claimableGift, giftRow } from '../helpers/claims.js';
import { passExpiry } from '../helpers/gifts.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';

const wrong = (ctx: Parameters<typeof claim>[0], token: string, i = 0) =>
  claim(ctx, token, { securityAnswer: `wrong ${i}` });

describeEachEngine('claim lockout', (ctx) => {
  it('checks exactly 5 answers of a parallel burst of 40: 4 incorrect, the 5th locks, 35 refused unchecked', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const codes = (await Promise.all(Array.from({ length: 40 }, (_, i) => wrong(ctx(), claimToken, i)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 400)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(36);
    const row = await giftRow(ctx(), gift.id);
    expect(row.wrongAnswersTotal).toBe(5);
    expect(row.claimLockedUntil!.getTime()).toBe(ctx().clock.now().getTime() + HOUR);
  });

  it('does not let a right answer sent behind a burst of wrong ones through', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const burst = Array.from({ length: 39 }, (_, i) => wrong(ctx(), claimToken, i));
    const right = claim(ctx(), claimToken, { securityAnswer: 'Fluffy' });
    await Promise.all(burst);
    expect((await right).statusCode).toBe(429);
    const row = await giftRow(ctx(), gift.id);
    expect(row.wrongAnswersTotal).toBe(5);
    expect(row.claimStartedAt).toBeNull();
  });

  it('locks for 1 hour, then 24 hours, then freezes the gift for an operator after 15 wrong answers', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const fiveWrong = async () => {
      for (let i = 1; i <= 4; i++) expect((await wrong(ctx(), claimToken, i)).statusCode).toBe(400);
      return wrong(ctx(), claimToken, 5);
    };
    const first = await fiveWrong();
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe(String(60 * 60));
    ctx().clock.advance(HOUR);

    const second = await fiveWrong();
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe(String(24 * 60 * 60));
    expect(second.json().message).toMatch(
      /^Too many incorrect answers\. .* Please try again in 24 hours \(after \d\d:\d\d UTC\)\.$/,
    );
    ctx().clock.advance(23 * HOUR);
    expect((await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' })).statusCode).toBe(429);
    ctx().clock.advance(HOUR);

    const third = await fiveWrong();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 'CLAIM_LOCKED', message: FROZEN_MESSAGE });
    const row = await giftRow(ctx(), gift.id);
    expect(row.wrongAnswersTotal).toBe(15);
    expect(row.claimFrozenAt).toEqual(ctx().clock.now());
    expect(row.needsAttention).toBe(FROZEN_REASON);
    // The admin gift list shows why an operator must look at it.
    await setupAdmin(ctx());
    const list = await ctx().app.inject({
      method: 'GET',
      url: '/api/admin/gifts/recent',
      headers: { cookie: await adminCookie(ctx()) },
    });
    expect(list.json().find((g: { id: number }) => g.id === gift.id)).toMatchObject({
      status: 'paid',
      needsAttention: FROZEN_REASON,
    });

    // Frozen is not a lock that runs out: a week later even the right answer waits for an operator.
    ctx().clock.advance(7 * 24 * HOUR);
    const later = await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' });
    expect(later.statusCode).toBe(429);
    expect(later.json()).toEqual({ code: 'CLAIM_LOCKED', message: FROZEN_MESSAGE });
    expect((await giftRow(ctx(), gift.id)).claimStartedAt).toBeNull();
  });

  it('takes back the count of a right answer: the fifth answer, if right, claims and locks nothing', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    for (let i = 1; i <= 4; i++) expect((await wrong(ctx(), claimToken, i)).statusCode).toBe(400);
    const right = await claim(ctx(), claimToken, { securityAnswer: 'fluffy' });
    expect(right.statusCode).toBe(200);
    const row = await giftRow(ctx(), gift.id);
    expect(row).toMatchObject({
      wrongAnswerCount: 0,
      wrongAnswersTotal: 4,
      claimLocks: 0,
      claimLockedUntil: null,
      claimFrozenAt: null,
    });
    expect(row.claimStartedAt).toEqual(ctx().clock.now());
  });

  it('shows the expired message and starts nothing once the gift is past its expiry, before the job runs', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    passExpiry(ctx(), gift, -MINUTE); // a minute before its expiry
    expect((await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${claimToken}` })).statusCode).toBe(200);
    ctx().clock.advance(MINUTE);
    const lookup = await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${claimToken}` });
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json()).toEqual({ code: 'GIFT_NOT_FOUND', message: 'This gift link is invalid or has expired.' });
    const res = await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'GIFT_NOT_FOUND', message: 'This gift link is invalid or has expired.' });
    const row = await giftRow(ctx(), gift.id);
    expect(row.status).toBe('paid'); // the job has not run
    expect(row.claimStartedAt).toBeNull();
    expect(row.recipientAccountId).toBeNull();
    expect(row.wrongAnswersTotal).toBe(0);
  });

  it('lets a claim started before the expiry go on during the onboarding grace', async () => {
    const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    passExpiry(ctx(), gift, -MINUTE); // a minute before its expiry
    expect((await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' })).statusCode).toBe(200);
    ctx().clock.advance(HOUR);
    expect((await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${claimToken}` })).statusCode).toBe(200);
    expect((await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' })).statusCode).toBe(200);
  });
});

describeEachEngine(
  'claim answers per client address',
  (ctx) => {
    const from = (token: string, remoteAddress: string) =>
      ctx().app.inject({
        method: 'POST',
        url: `/api/gifts/claim/${token}`,
        payload: { securityAnswer: 'nope' },
        remoteAddress,
      });

    it('limits wrong answers across gifts per address, counting an IPv6 /64 as one address', async () => {
      const gifts = await Promise.all(
        Array.from({ length: 5 }, () => claimableGift(ctx(), { securityAnswer: 'Fluffy' })),
      );
      for (const [i, g] of gifts.slice(0, 3).entries()) {
        expect((await from(g.claimToken, `2001:db8:5:6::${i + 1}`)).statusCode).toBe(400);
      }
      const refused = await from(gifts[3]!.claimToken, '2001:db8:5:6:ffff::9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many security answers from your network. Please try again in 1 hour.');
      expect(Number(refused.headers['retry-after'])).toBe(3600);
      // The refused answer was not counted on the gift; other networks are not affected.
      expect((await giftRow(ctx(), gifts[3]!.gift.id)).wrongAnswersTotal).toBe(0);
      expect((await from(gifts[3]!.claimToken, '2001:db8:5:7::1')).statusCode).toBe(400);
      expect((await from(gifts[4]!.claimToken, '192.0.2.7')).statusCode).toBe(400);
      // A right answer does not use up the allowance.
      const right = await ctx().app.inject({
        method: 'POST',
        url: `/api/gifts/claim/${gifts[4]!.claimToken}`,
        payload: { securityAnswer: 'Fluffy' },
        remoteAddress: '192.0.2.8',
      });
      expect(right.statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await from(gifts[0]!.claimToken, '192.0.2.8')).statusCode).toBe(400);
    });
  },
  { config: { claimAttemptsPerClient: 3 } },
);
