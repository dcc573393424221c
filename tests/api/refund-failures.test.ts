// An expired gift whose refund cannot be made (here: no payment intent was ever recorded) is not refunded and
// not silently dropped: the failure is permanent, so the refund movement fails and the gift goes on the attention
// list at once with the reason; nothing retries it (an operator decides), and no refund e-mail goes out.
import { and, eq } from 'drizzle-orm';
import { outbox, sandboxRefunds } from '../../src/server/db/schema.js';
import { DAY, MINUTE } from '../../src/server/clock.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { retryDelayMs, runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { paidRow, passExpiry, pendingGift } from '../helpers/gifts.js';
import { giftRow } from '../helpers/claims.js';
import { movementsOf, settledRefundRef } from '../helpers/money.js';
import { describeEachEngine } from '../helpers/test-app.js';

describe('the reconciler back-off', () => {
  it('doubles from 30 s and is capped at 10 minutes, however many attempts failed', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => retryDelayMs(n) / MINUTE)).toEqual([0.5, 1, 2, 4, 8, 10, 10, 10]);
  });
});

describeEachEngine('a refund that cannot be made', (ctx) => {
  beforeEach(async () => {
    ctx().clock.advance(DAY);
  });

  it('for a gift without a payment intent: failed at once, on the attention list with the reason, left to an operator', async () => {
    // Paid by a checkout event that named no payment (the provider left it out): nothing to refund against.
    const { gift: pending } = await pendingGift(ctx());
    await handleProviderEvent(ctx().deps, {
      id: `evt_no_payment_${pending.publicId}`,
      kind: 'checkout_paid',
      giftPublicId: pending.publicId,
      checkoutId: pending.checkoutSessionId,
      amountCents: pending.totalCents,
      currency: 'usd',
      paymentRef: null,
      chargeRef: null,
      payerEmail: 'sam.sender@example.com',
      payerName: 'Sam Sender',
      metadata: {},
    });
    const gift = await paidRow(ctx(), pending.id);
    expect(gift.paymentIntentId).toBeNull();
    passExpiry(ctx(), gift);
    const warnings: unknown[] = [];
    const log = { warn: (obj: unknown) => warnings.push(obj) };

    expect(await processExpired(ctx().deps, log)).toEqual({ processed: 0, failed: 1 });
    const row = await giftRow(ctx(), gift.id);
    expect(row).toMatchObject({ status: 'expired', refundedAt: null });
    expect(await settledRefundRef(ctx().db, gift.id)).toBeNull();
    expect(row.refundStartedAt).toEqual(ctx().clock.now());
    expect(row.needsAttention).toBe('Refund to the sender failed: the gift has no payment to refund');
    expect(warnings).toEqual([{ giftId: gift.id, outcome: 'failed' }]);
    const movement = (await movementsOf(ctx(), gift.id)).find((m) => m.kind === 'refund');
    expect(movement).toMatchObject({
      kind: 'refund',
      state: 'failed',
      attempts: 1,
      nextAttemptAt: null,
      lastError: 'the gift has no payment to refund',
    });

    ctx().clock.advance(30 * DAY);
    expect(await processExpired(ctx().deps, log)).toEqual({ processed: 0, failed: 0 });
    expect(await runReconciler(ctx().deps)).toEqual({ attempted: 0, succeeded: 0, retrying: 0, failed: 0 });
    expect((await giftRow(ctx(), gift.id)).status).toBe('expired');
    expect(
      await ctx()
        .db.select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, `localhost-3000:${gift.publicId}:refund`)),
    ).toHaveLength(0);
    // No "your gift was refunded" e-mail for money that never went back.
    expect(
      await ctx()
        .db.select()
        .from(outbox)
        .where(and(eq(outbox.giftId, gift.id), eq(outbox.kind, 'refund'))),
    ).toHaveLength(0);
  });
});
