// The card network's early fraud warning (decision 024): before the payout the gift's whole charge is refunded and
// the gift frozen; after it, the gift goes on the attention list. Replayed, it changes nothing more.
import { and, eq } from 'drizzle-orm';
import { ledgerMovements } from '../../src/server/db/schema.js';
import { toAppEvent } from '../../src/server/payments/stripe/events.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { AFTER_PAYOUT_WARNING } from '../../src/server/services/risk/fraud-warning.js';
import { claimedGift, giftRowById, givenGift, type GiftRow } from '../helpers/gifts.js';
import { reviewOf } from '../helpers/risk.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const warn = (c: TestContext, gift: GiftRow) =>
  handleProviderEvent(c.deps, {
    id: `evt_efw_${gift.publicId}`,
    kind: 'early_fraud_warning',
    warningRef: `issfr_${gift.publicId}`,
    paymentRef: gift.paymentIntentId,
    chargeRef: null,
  });

describe('Stripe: an early fraud warning', () => {
  it('names the charge and payment intent', () => {
    const event = toAppEvent({
      id: 'evt_w',
      type: 'radar.early_fraud_warning.created',
      data: { object: { id: 'issfr_1', object: 'radar.early_fraud_warning', charge: 'ch_1', payment_intent: 'pi_1' } },
    });
    expect(event).toEqual({
      id: 'evt_w',
      kind: 'early_fraud_warning',
      warningRef: 'issfr_1',
      paymentRef: 'pi_1',
      chargeRef: 'ch_1',
    });
  });
});

describeEachEngine('risk: early fraud warnings', (ctx) => {
  it('refunds the whole charge of a gift not yet paid out, and freezes it', async () => {
    const { gift } = await givenGift(ctx());
    await warn(ctx(), gift);
    expect((await warn(ctx(), gift)).duplicate).toBe(true);
    await runReconciler(ctx().deps);
    const row = await giftRowById(ctx(), gift.id);
    expect(row.state).toBe('refunded');
    expect(await reviewOf(ctx(), gift.id)).toMatchObject({ decision: 'rejected', reasons: ['early_fraud_warning'] });
    const refunds = await ctx()
      .db.select()
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.giftId, gift.id), eq(ledgerMovements.kind, 'refund')));
    expect(refunds.map((r) => r.amountCents)).toEqual([row.totalCents]);
  });

  it('puts a gift already paid out on the attention list', async () => {
    const { gift } = await claimedGift(ctx());
    await warn(ctx(), gift);
    const row = await giftRowById(ctx(), gift.id);
    expect(row).toMatchObject({ state: 'claimed', needsAttention: AFTER_PAYOUT_WARNING });
  });
});
