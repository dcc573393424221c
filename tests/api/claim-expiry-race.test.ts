// Claim and expiry exclude each other, proven by forcing the race on PostgreSQL: a barrier holds every write to
// gifts and every lock of its rows until both the completion's and the expiry's first deciding statement are queued
// at once (tests/helpers/statement-barrier.ts), then lets them go together. Whatever the order PostgreSQL picks, exactly one
// money movement happens, of exactly the gift amount, with exactly the e-mails of that outcome. On both engines,
// each order is also played deliberately: one side is held at the provider while the other runs.
import { and, eq } from 'drizzle-orm';
import { outbox, sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { createPaymentProvider } from '../../src/server/payments/index.js';
import { describePostgres } from '../helpers/postgres-only.js';
import { buildTestApp, describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { scripted, type ScriptedProvider } from '../helpers/scripted-provider.js';
import {
  complete,
  expireBehindClaim,
  giftRow,
  claimableGift,
  setAccountStatus,
  startClaim,
} from '../helpers/claims.js';
import { holdWrites } from '../helpers/statement-barrier.js';
import { settledRefundRef } from '../helpers/money.js';

const ROUNDS = 6;

describePostgres('claim completion against the expiry job, forced to contend', () => {
  let context: TestContext;
  const ctx = () => context;
  beforeAll(async () => {
    context = await buildTestApp('postgres');
  });
  afterAll(async () => {
    await context?.close();
  });

  it(`moves money exactly once, transfer XOR refund, in each of ${ROUNDS} forced races`, async () => {
    const outcomes = { claimed: 0, refunded: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Past its expiry (the claim started after it, so no grace): due for the expiry job right now.
      const { gift, claimToken } = await claimableGift(ctx(), { amountCents: 4321 });
      const account = await startClaim(ctx(), claimToken);
      await expireBehindClaim(ctx(), { gift, claimToken });
      await setAccountStatus(ctx(), account, 'verified');

      const barrier = await holdWrites(ctx().database.url!, 'gifts', { rowLocks: true });
      const completion = complete(ctx(), claimToken);
      const expiry = processExpired(ctx().deps);
      // The first lock of the gift's row on each side is the one that decides: the completion's before its
      // conditional "start the transfer" (a move that requires no open dispute locks its gift first), the expiry's
      // pick of the due gifts (FOR UPDATE SKIP LOCKED) before "expire and start the refund". Both are queued now.
      await barrier.waitForWaiting(2);
      await barrier.release();
      const [res, expired] = await Promise.all([completion, expiry]);

      const row = await giftRow(ctx(), gift.id);
      const transfers = await ctx()
        .db.select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.transferGroup, gift.publicId));
      const refunds = await ctx()
        .db.select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!));
      const mails = (
        await ctx()
          .db.select()
          .from(outbox)
          .where(and(eq(outbox.giftId, gift.id)))
      )
        .map((m) => m.kind)
        // The e-mails sent at payment (the gift was paid through the product) are not this race's.
        .filter((kind) => kind !== 'gift-notification' && kind !== 'sender-receipt')
        .sort();
      expect(transfers.length + refunds.length).toBe(1);
      expect(Boolean(row.transferStartedAt)).not.toBe(Boolean(row.refundStartedAt));
      if (transfers.length === 1) {
        outcomes.claimed++;
        expect(transfers[0]!.amountCents).toBe(4321);
        expect(row).toMatchObject({
          status: 'claimed',
          transferId: transfers[0]!.id,
          refundStartedAt: null,
        });
        expect(await settledRefundRef(ctx().db, gift.id)).toBeNull();
        expect(res.statusCode).toBe(200);
        expect(res.json().success).toBe(true);
        expect(expired).toEqual({ processed: 0, failed: 0 });
        expect(mails).toEqual(['claim-recipient-confirmation', 'claim-sender-notice']);
      } else {
        outcomes.refunded++;
        // The gift amount goes back; the fee and the tip are kept.
        expect(refunds[0]!.amountCents).toBe(4321);
        expect(row).toMatchObject({
          status: 'refunded',
          transferStartedAt: null,
          transferId: null,
        });
        expect(await settledRefundRef(ctx().db, gift.id)).toBe(refunds[0]!.id);
        expect(res.statusCode).toBe(404);
        expect(expired).toEqual({ processed: 1, failed: 0 });
        expect(mails).toEqual(['refund']);
      }
    }
    expect(outcomes.claimed + outcomes.refunded).toBe(ROUNDS);
  });
});

describeEachEngine(
  'claim and expiry, one held at the provider while the other runs',
  (ctx) => {
    const script = () => (ctx().deps.payments as ScriptedProvider).script;
    const movements = async (gift: { publicId: string; paymentIntentId: string | null }) => ({
      transfers: await ctx()
        .db.select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.transferGroup, gift.publicId)),
      refunds: await ctx()
        .db.select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!)),
    });
    const dueGift = async () => {
      const seeded = await claimableGift(ctx(), { amountCents: 2600 });
      await setAccountStatus(ctx(), await startClaim(ctx(), seeded.claimToken), 'verified');
      await expireBehindClaim(ctx(), seeded);
      return seeded;
    };

    it('the expiry job leaves a gift whose transfer is in flight; the transfer then completes', async () => {
      const { gift, claimToken } = await dueGift();
      const held = script().hold('createTransfer');
      const completion = complete(ctx(), claimToken);
      await held.reached;
      expect((await giftRow(ctx(), gift.id)).transferStartedAt).toEqual(ctx().clock.now());

      expect(await processExpired(ctx().deps)).toEqual({ processed: 0, failed: 0 });
      expect((await giftRow(ctx(), gift.id)).status).toBe('paid');
      held.release();
      const res = await completion;
      expect(res.json().success).toBe(true);
      expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
      const { transfers, refunds } = await movements(gift);
      expect(transfers.map((t) => t.amountCents)).toEqual([2600]);
      expect(refunds).toHaveLength(0);
    });

    it('a completion or the payout job refuses to transfer once the expiry job has started the refund', async () => {
      const { gift, claimToken } = await dueGift();
      const transfersAsked = script().count('createTransfer');
      const held = script().hold('createRefund');
      const expiry = processExpired(ctx().deps);
      await held.reached;
      expect((await giftRow(ctx(), gift.id)).status).toBe('expired');

      const res = await complete(ctx(), claimToken);
      expect(res.statusCode).toBe(404);
      expect(await runPayouts(ctx().deps)).toMatchObject({ claimed: 0 });
      held.release();
      expect(await expiry).toEqual({ processed: 1, failed: 0 });
      expect((await giftRow(ctx(), gift.id)).status).toBe('refunded');
      const { transfers, refunds } = await movements(gift);
      expect(transfers).toHaveLength(0);
      expect(refunds.map((r) => r.amountCents)).toEqual([2600]);
      expect(script().count('createTransfer')).toBe(transfersAsked);
    });
  },
  { payments: (deps) => scripted(createPaymentProvider(deps.config, deps.db, deps.clock)) },
);
