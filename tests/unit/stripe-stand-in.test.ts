import { decodeStripeForm, stripeFixture } from '../helpers/stripe-stand-in.js';

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
});
