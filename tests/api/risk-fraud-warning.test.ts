// The card network's early fraud warning (decision 024): before the payout the gift's whole charge is refunded and
// the gift frozen; after it, the gift goes on the attention list and its payer identity is blocked. Replayed, it
// changes nothing more.
import { and, eq } from 'drizzle-orm';
import { ledgerMovements, riskBlocks } from '../../src/server/db/schema.js';
import { toAppEvent } from '../../src/server/payments/stripe/events.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { AFTER_PAYOUT_WARNING } from '../../src/server/services/risk/fraud-warning.js';
import { claimedGift, giftRowById, givenGift, pendingGift, type GiftRow } from '../helpers/gifts.js';
import { payWithCard, reviewOf } from '../helpers/risk.js';
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

  // Last of the suite: it blocks the test client's address and card along with the payer.
  it('puts a gift already paid out on the attention list and blocks its payer, whose next payment is refunded', async () => {
    const payer = { name: 'Sam Stolen', email: `sam.stolen.${ctx().engine}@example.com` };
    const { gift } = await claimedGift(ctx(), { sender: payer });
    await warn(ctx(), gift);
    const row = await giftRowById(ctx(), gift.id);
    expect(row).toMatchObject({ state: 'claimed', needsAttention: AFTER_PAYOUT_WARNING });
    const blocked = await ctx().db.select().from(riskBlocks).where(eq(riskBlocks.giftId, gift.id));
    expect(blocked.map((b) => b.kind).sort()).toEqual(['payer_card', 'payer_client', 'payer_email']);
    expect(blocked.every((b) => b.source === 'early_fraud_warning' && b.operatorId === null)).toBe(true);

    const next = await pendingGift(ctx());
    expect(await payWithCard(ctx(), next, payer)).toBe(303);
    await runReconciler(ctx().deps);
    expect((await giftRowById(ctx(), next.gift.id)).state).toBe('refunded');
    expect(await reviewOf(ctx(), next.gift.id)).toMatchObject({ decision: 'rejected', reasons: ['payer_blocked'] });
  });
});
