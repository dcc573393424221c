// Velocity per payer (decision 024) under two payments of one payer at the same instant, forced on PostgreSQL: a
// barrier holds every write to the outbox, which each payment reaches only after it has counted the payer's last 24
// hours (services/risk/evaluate-payment.ts), and the two are let go together once both are stuck. Each payment
// locks its payer before counting, so the second waits for the first to commit and counts it: exactly one of the
// two is held. Without that lock both would count the same history, and neither would be.
import { HOUR } from '../../src/server/clock.js';
import { testConfig } from '../../src/server/config.js';
import { pendingGift } from '../helpers/gifts.js';
import { describePostgres } from '../helpers/postgres-only.js';
import { giftPaidBy, payWithCard, reviewOf } from '../helpers/risk.js';
import { holdWrites } from '../helpers/statement-barrier.js';
import { buildTestApp, type TestContext } from '../helpers/test-app.js';

const ROUNDS = 3;
const risk = { ...testConfig().risk, velocityGifts: 3, velocityCents: 1_000_000 };

describePostgres('velocity of one payer paying twice at once, forced to contend', () => {
  let context: TestContext;
  const ctx = () => context;
  beforeAll(async () => {
    context = await buildTestApp('postgres', { config: { risk } });
  });
  afterAll(async () => {
    await context?.close();
  });

  it(`holds exactly one of the two payments that take a payer past ${risk.velocityGifts} gifts, in ${ROUNDS} forced races`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      ctx().clock.advance(25 * HOUR); // a new day: the payer's history is empty again
      const payer = { name: 'Pat Payer', email: `pat.race${round}@example.com` };
      for (let i = 0; i < risk.velocityGifts - 1; i++) await giftPaidBy(ctx(), payer, { amountCents: 1000 });
      const racers = [await pendingGift(ctx(), { amountCents: 1000 }), await pendingGift(ctx(), { amountCents: 1000 })];

      const barrier = await holdWrites(ctx().database.url!, 'outbox');
      const payments = racers.map((pending) => payWithCard(ctx(), pending, payer));
      // One payment waits to write the outbox (its count done); the other waits for it: for its payer lock, or,
      // without that lock, for the outbox too, its own count done as well.
      await barrier.waitForBlocked(2);
      await barrier.release();
      expect(await Promise.all(payments)).toEqual([303, 303]);

      const reviews = await Promise.all(racers.map((pending) => reviewOf(ctx(), pending.gift.id)));
      const held = reviews.filter((review) => review !== null);
      expect(held, `round ${round}`).toHaveLength(1);
      expect(held[0]).toMatchObject({ reasons: ['velocity_count'], decision: null });
    }
  });
});
