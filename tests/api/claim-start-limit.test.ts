// Every claim start counts against the client address (right answer or wrong, question or none): past
// CLAIM_STARTS_PER_CLIENT an hour the start is refused with a 429 saying when, before any answer is checked or any
// provider call made. Parallel starts are admitted exactly up to the limit.
import { eq } from 'drizzle-orm';
import { HOUR } from '../../src/server/clock.js';
import { CLAIM_STARTS_PER_CLIENT_DEFAULT, loadConfig } from '../../src/server/config.js';
import { securityLog } from '../../src/server/db/schema.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { giftRow, claimableGift } from '../helpers/claims.js';

const LIMIT = 3;

const start = (ctx: TestContext, token: string, remoteAddress: string, securityAnswer?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/gifts/claim/${token}`,
    payload: securityAnswer === undefined ? {} : { securityAnswer },
    remoteAddress,
  });

it('allows 20 claim starts per client an hour by default', () => {
  expect(CLAIM_STARTS_PER_CLIENT_DEFAULT).toBe(20);
  expect(loadConfig({}).claimStartsPerClient).toBe(20);
  expect(loadConfig({ CLAIM_STARTS_PER_CLIENT: '7' }).claimStartsPerClient).toBe(7);
});

describeEachEngine(
  'claim starts per client address',
  (ctx) => {
    it('limits right answers too, then says when to come back, and lets the address in again after the hour', async () => {
      const seeded = await Promise.all(
        Array.from({ length: LIMIT + 2 }, () => claimableGift(ctx(), { securityAnswer: 'Fluffy' })),
      );
      const ip = '198.51.100.20';
      for (const g of seeded.slice(0, LIMIT))
        expect((await start(ctx(), g.claimToken, ip, 'Fluffy')).statusCode).toBe(200);

      const refused = await start(ctx(), seeded[LIMIT]!.claimToken, ip, 'Fluffy');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many claims from your network. Please try again in 1 hour.',
      });
      expect(Number(refused.headers['retry-after'])).toBe(3600);
      // Refused before anything ran: the gift was not started, no answer was counted on it.
      const row = await giftRow(ctx(), seeded[LIMIT]!.gift.id);
      expect(row.claimStartedAt).toBeNull();
      expect(row.recipientAccountId).toBeNull();
      expect(row.wrongAnswersTotal).toBe(0);
      const logged = await ctx().db.select().from(securityLog).where(eq(securityLog.event, 'claim.start_rate_limited'));
      expect(logged.map((l) => l.ip)).toContain(ip);

      // A right answer repeated on a gift already started counts as well; so does a wrong one.
      expect((await start(ctx(), seeded[0]!.claimToken, ip, 'Fluffy')).statusCode).toBe(429);
      expect((await start(ctx(), seeded[0]!.claimToken, ip, 'wrong')).statusCode).toBe(429);
      // Another address is not affected.
      expect((await start(ctx(), seeded[LIMIT]!.claimToken, '198.51.100.21', 'Fluffy')).statusCode).toBe(200);

      ctx().clock.advance(HOUR);
      expect((await start(ctx(), seeded[LIMIT + 1]!.claimToken, ip, 'Fluffy')).statusCode).toBe(200);
    });

    it('counts wrong answers and gifts without a question alike', async () => {
      const ip = '198.51.100.30';
      const withQuestion = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
      const noQuestion = await claimableGift(ctx());
      const another = await claimableGift(ctx());
      expect((await start(ctx(), withQuestion.claimToken, ip, 'wrong 1')).statusCode).toBe(400);
      expect((await start(ctx(), withQuestion.claimToken, ip, 'wrong 2')).statusCode).toBe(400);
      expect((await start(ctx(), noQuestion.claimToken, ip)).statusCode).toBe(200);
      const refused = await start(ctx(), another.claimToken, ip);
      expect(refused.statusCode).toBe(429);
      expect((await giftRow(ctx(), another.gift.id)).claimStartedAt).toBeNull();
    });

    it('admits exactly the limit out of a parallel burst of right answers', async () => {
      const ip = '198.51.100.40';
      const seeded = await Promise.all(
        Array.from({ length: 8 }, () => claimableGift(ctx(), { securityAnswer: 'Fluffy' })),
      );
      const codes = (await Promise.all(seeded.map((g) => start(ctx(), g.claimToken, ip, 'Fluffy')))).map(
        (r) => r.statusCode,
      );
      expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
      expect(codes.filter((c) => c === 429)).toHaveLength(8 - LIMIT);
      const rows = await Promise.all(seeded.map((g) => giftRow(ctx(), g.gift.id)));
      expect(rows.filter((g) => g.claimStartedAt !== null)).toHaveLength(LIMIT);
    });
  },
  { config: { claimStartsPerClient: LIMIT } },
);
