// Contract of the Stripe adapter's refunds, against a local stand-in of the Stripe API: the exact parameters and
// idempotency key the SDK sends, and how answers (and failures) come back.
import { ProviderError } from '../../src/server/payments/provider.js';
import { StripeStandIn, stripeFixture } from '../helpers/stripe-stand-in.js';

describe('Stripe refunds contract', () => {
  const standIn = new StripeStandIn();
  beforeAll(async () => {
    standIn
      .on('POST', '/v1/refunds', (req) => {
        if (req.body.payment_intent === 'pi_bad')
          return {
            status: 400,
            body: { error: { type: 'invalid_request_error', message: 'No such payment_intent: pi_bad' } },
          };
        return stripeFixture('refund', {
          id: 're_42',
          amount: Number(req.body.amount),
          payment_intent: req.body.payment_intent,
          status: 'succeeded',
        });
      })
      .on('GET', '/v1/refunds', (req) =>
        req.query.get('payment_intent') === 'pi_refunded'
          ? {
              object: 'list',
              url: '/v1/refunds',
              has_more: false,
              data: [
                stripeFixture('refund', { id: 're_dashboard', amount: 7000 }),
                stripeFixture('refund', {
                  id: 're_failed',
                  status: 'failed',
                  amount: 5000,
                  metadata: { hushgift_key: 'hg:g_abc:refund' },
                }),
                stripeFixture('refund', { id: 're_ok', amount: 5000, metadata: { hushgift_key: 'hg:g_abc:refund' } }),
              ],
            }
          : req.query.get('payment_intent') === 'pi_legacy'
            ? {
                object: 'list',
                url: '/v1/refunds',
                has_more: false,
                data: [
                  stripeFixture('refund', {
                    id: 're_legacy',
                    amount: 4000,
                    metadata: { gift_public_id: 'g_old', reason: 'gift_expired' },
                  }),
                ],
              }
            : { object: 'list', url: '/v1/refunds', has_more: false, data: [] },
      );
    await standIn.start();
  });
  afterAll(async () => {
    await standIn.stop();
  });

  it('refunds the gift amount of the payment intent with the gift idempotency key', async () => {
    const provider = standIn.provider();
    const refund = await provider.createRefund({
      paymentIntentId: 'pi_123',
      amountCents: 5000,
      idempotencyKey: 'gift:7:refund',
      metadata: { gift_id: '7', gift_public_id: 'g_abc', reason: 'gift_expired' },
    });
    expect(refund).toEqual({ id: 're_42', amountCents: 5000 });
    const [req] = standIn.find('POST', '/v1/refunds');
    expect(req!.body).toEqual({
      payment_intent: 'pi_123',
      amount: '5000',
      metadata: { gift_id: '7', gift_public_id: 'g_abc', reason: 'gift_expired' },
    });
    expect(req!.headers['idempotency-key']).toBe('gift:7:refund');
    expect(req!.headers.authorization).toBe('Bearer sk_test_standin');
  });

  it('turns a refused refund into a non-retryable ProviderError', async () => {
    const error = await standIn
      .provider()
      .createRefund({ paymentIntentId: 'pi_bad', amountCents: 5000, idempotencyKey: 'gift:8:refund', metadata: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toMatch(/No such payment_intent/);
    expect((error as ProviderError).retryable).toBe(false);
  });

  it('finds the successful refund made under a key, ignoring failed ones and refunds made in the dashboard', async () => {
    const provider = standIn.provider();
    expect(await provider.findRefund('pi_refunded', 'hg:g_abc:refund')).toEqual({ id: 're_ok', amountCents: 5000 });
    expect(await provider.findRefund('pi_refunded', 'hg:g_other:refund')).toBeNull();
    expect(await provider.findRefund('pi_none', 'hg:g_abc:refund')).toBeNull();
    // A refund from before keys were in the metadata is recognised by the gift's public id.
    expect(await provider.findRefund('pi_legacy', 'gift:3:refund')).toEqual({ id: 're_legacy', amountCents: 4000 });
    const lists = standIn.find('GET', '/v1/refunds');
    expect(lists.map((r) => r.query.get('payment_intent'))).toEqual([
      'pi_refunded',
      'pi_refunded',
      'pi_none',
      'pi_legacy',
    ]);
  });
});
