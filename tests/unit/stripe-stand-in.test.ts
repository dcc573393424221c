import { StripeStandIn, decodeStripeForm, stripeFixture } from '../helpers/stripe-stand-in.js';

describe('the Stripe stand-in helpers', () => {
  it('decodes Stripe bracket form encoding into nested objects and arrays', () => {
    const body = decodeStripeForm(
      'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][unit_amount]=5000&metadata[gift_public_id]=g_1&line_items[1][quantity]=2',
    );
    expect(body).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { unit_amount: '5000' } }, { quantity: '2' }],
      metadata: { gift_public_id: 'g_1' },
    });
  });

  it("answers with Stripe's own objects, overriding only what a test names", () => {
    const session = stripeFixture('checkout.session', { id: 'cs_1' });
    expect(session.object).toBe('checkout.session');
    expect(session.id).toBe('cs_1');
    expect(stripeFixture('transfer').object).toBe('transfer');
  });

  it('answers a handler that throws with a 500 carrying the error, once, instead of leaving the SDK waiting', async () => {
    const standIn = new StripeStandIn().on('POST', '/v1/refunds', () => stripeFixture('no.such.resource'));
    await standIn.start();
    try {
      const started = Date.now();
      const failure = await standIn
        .provider()
        .createRefund({ paymentIntentId: 'pi_1', amountCents: 100, idempotencyKey: 'k', metadata: {} })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(String(failure)).toContain('no Stripe fixture for no.such.resource');
      expect(standIn.find('POST', '/v1/refunds')).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await standIn.stop();
    }
  });

  it('reads its example objects from inside the repository', () => {
    expect(stripeFixture('refund').object).toBe('refund');
  });
});
