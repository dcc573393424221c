// Starting gifts is limited per client address (GIFT_STARTS_PER_CLIENT per 10 minutes): each start hashes an
// answer and opens a checkout. Parallel bursts get exactly the allowance; other addresses are not affected;
// invalid forms do not count; the limit lifts when the window has passed.
import { count, eq } from 'drizzle-orm';
import { gifts, securityLog } from '../../src/server/db/schema.js';
import { MINUTE } from '../../src/server/clock.js';
import { giftPayload } from '../helpers/gift-payload.js';
import { describeEachEngine } from '../helpers/test-app.js';

const LIMIT = 4;

describeEachEngine(
  'gift start limit per client address',
  (ctx) => {
    const start = (ip: string, payload: object = giftPayload()) =>
      ctx().app.inject({ method: 'POST', url: '/api/gifts', payload, remoteAddress: ip });
    const giftCount = async () => (await ctx().db.select({ n: count() }).from(gifts))[0]!.n;

    it('lets a parallel burst start exactly the allowance, says when to retry, and lifts after the window', async () => {
      const before = await giftCount();
      const burst = await Promise.all(Array.from({ length: 10 }, () => start('10.20.0.1')));
      const codes = burst.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(LIMIT);
      expect(codes.filter((c) => c === 429)).toHaveLength(10 - LIMIT);
      expect(await giftCount()).toBe(before + LIMIT);

      const refused = burst.find((r) => r.statusCode === 429)!;
      expect(refused.json().message).toBe("You've started many gifts in a short time. Please try again in 10 minutes.");
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const logged = await ctx().db.select().from(securityLog).where(eq(securityLog.event, 'gift.start_rate_limited'));
      expect(logged.length).toBeGreaterThan(0);

      // Someone else is not affected.
      expect((await start('10.20.0.2')).statusCode).toBe(201);

      ctx().clock.advance(10 * MINUTE + 1000);
      expect((await start('10.20.0.1')).statusCode).toBe(201);
    });

    it('does not count a form that fails validation', async () => {
      for (let i = 0; i < LIMIT + 2; i++) {
        const bad = await start('10.30.0.1', { ...giftPayload(), recipientEmail: 'not an email' });
        expect(bad.statusCode).toBe(400);
      }
      expect((await start('10.30.0.1')).statusCode).toBe(201);
    });
  },
  { config: { giftStartsPerClient: LIMIT } },
);
