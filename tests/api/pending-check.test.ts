// A payment whose webhook never arrived: a gift pending for over an hour is checked against the provider, and a
// paid checkout is handled exactly as its event would have been (paid, claim e-mail, ledger), once.
import { eq } from 'drizzle-orm';
import { sandboxCheckouts } from '../../src/server/db/schema.js';
import { MINUTE } from '../../src/server/clock.js';
import { checkPendingPayments } from '../../src/server/services/events/pending-check.js';
import { StripeStandIn, stripeFixture } from '../helpers/stripe-stand-in.js';
import { createPendingGift } from '../helpers/gift-payload.js';
import { giftRow } from '../helpers/claims.js';
import { checkLedger, movementsOf } from '../helpers/money.js';
import { describeEachEngine } from '../helpers/test-app.js';

describeEachEngine('pending payments checked against the provider', (ctx) => {
  it('marks paid, after an hour, a gift whose checkout completed without its event reaching us', async () => {
    const gift = await createPendingGift(ctx(), { recipientEmail: 'lost-event@example.com' });
    // The provider took the payment; the event was lost.
    await ctx()
      .db.update(sandboxCheckouts)
      .set({ status: 'complete', paymentIntentId: `pi_lost_${gift.id}`, customerEmail: 'payer.lost@example.com' })
      .where(eq(sandboxCheckouts.id, gift.checkoutSessionId!));
    ctx().clock.advance(59 * MINUTE);
    expect((await checkPendingPayments(ctx().deps)).changed).toBe(0);
    expect((await giftRow(ctx(), gift.id)).status).toBe('pending');

    ctx().clock.advance(2 * MINUTE);
    expect(await checkPendingPayments(ctx().deps)).toMatchObject({ changed: 1 });
    expect(await giftRow(ctx(), gift.id)).toMatchObject({
      status: 'paid',
      paymentIntentId: `pi_lost_${gift.id}`,
      senderEmail: 'payer.lost@example.com',
    });
    expect((await ctx().flushEmails()).filter((m) => m.toAddress === 'lost-event@example.com')).toHaveLength(1);
    expect((await movementsOf(ctx(), gift.id)).map((m) => m.kind)).toEqual(['charge', 'fee', 'tip']);
    expect(await checkPendingPayments(ctx().deps)).toEqual({ checked: 0, changed: 0 });
    expect((await checkLedger(ctx())).violations).toEqual([]);
  });

  it('leaves an open checkout pending and marks an expired one abandoned', async () => {
    const open = await createPendingGift(ctx());
    const expired = await createPendingGift(ctx());
    await ctx()
      .db.update(sandboxCheckouts)
      .set({ status: 'expired' })
      .where(eq(sandboxCheckouts.id, expired.checkoutSessionId!));
    ctx().clock.advance(61 * MINUTE);
    await checkPendingPayments(ctx().deps);
    expect((await giftRow(ctx(), open.id)).status).toBe('pending');
    expect((await giftRow(ctx(), open.id)).abandonedAt).toBeNull();
    expect((await giftRow(ctx(), expired.id)).abandonedAt).toEqual(ctx().clock.now());
  });
});

describe('Stripe adapter: retrieving a checkout', () => {
  const standIn = new StripeStandIn();
  beforeAll(() => standIn.start());
  afterAll(() => standIn.stop());

  it('reads the session and answers the event it would have sent', async () => {
    standIn.on('GET', '/v1/checkout/sessions/:id', (req) =>
      stripeFixture('checkout.session', {
        id: req.path.split('/').pop(),
        status: 'complete',
        payment_status: 'paid',
        amount_total: 5380,
        currency: 'usd',
        payment_intent: 'pi_late',
        metadata: { gift_public_id: 'g_late' },
      }),
    );
    expect(await standIn.provider().retrieveCheckout('cs_late')).toMatchObject({
      id: 'reconciled:cs_late:complete',
      kind: 'checkout_paid',
      giftPublicId: 'g_late',
      amountCents: 5380,
      paymentRef: 'pi_late',
    });
    expect(standIn.find('GET', '/v1/checkout/sessions/cs_late')).toHaveLength(1);
  });
});
