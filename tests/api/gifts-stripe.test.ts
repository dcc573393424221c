// Contract of the Stripe adapter for sending: the exact Checkout Session parameters (and idempotency key) the
// official SDK sends to a local stand-in of the Stripe API, and events signed with the SDK's test header string.
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { gifts } from '../../src/server/db/schema.js';
import { StripeStandIn, stripeFixture } from '../helpers/stripe-stand-in.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { giftPayload, postGift, postEvent } from '../helpers/gift-payload.js';
import { giftRowColumns } from '../helpers/gift-row.js';

const WEBHOOK_SECRET = 'whsec_test_standin';

describe('Stripe adapter: checkout and webhooks', () => {
  const standIn = new StripeStandIn();
  let sessions = 0;
  beforeAll(async () => {
    standIn.on('POST', '/v1/checkout/sessions', (req) => {
      sessions++;
      if ((req.body.metadata as Record<string, string>)?.fail === 'yes') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'expires_at must be less than 24 hours' } },
        };
      }
      return stripeFixture('checkout.session', {
        id: `cs_test_standin_${sessions}`,
        url: `https://checkout.stripe.com/c/pay/cs_test_standin_${sessions}`,
        metadata: req.body.metadata,
      });
    });
    await standIn.start();
  });
  afterAll(() => standIn.stop());

  describeEachEngine(
    'Stripe adapter',
    (ctx) => {
      const signed = (event: object, secret = WEBHOOK_SECRET) => {
        const payload = JSON.stringify(event);
        return Stripe.webhooks.generateTestHeaderString({ payload, secret });
      };

      it('opens a Checkout Session with exactly the parameters of the issue, under the gift idempotency key', async () => {
        const before = standIn.requests.length;
        const sentAt = Math.floor(Date.now() / 1000);
        const res = await postGift(ctx(), {
          ...giftPayload({ amountCents: 5000, tipCents: 300 }),
          donorAccount: { firstName: 'Dana', lastName: 'Donor', email: 'dana.stripe@example.com' },
        });
        expect(res.statusCode).toBe(201);
        const request = standIn.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
        expect(request.method).toBe('POST');
        const { checkoutUrl } = res.json();
        expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_standin_\d+$/);
        const [gift] = await ctx()
          .db.select(giftRowColumns)
          .from(gifts)
          .where(eq(gifts.checkoutSessionId, checkoutUrl.split('/').pop()));
        const id = gift!.publicId;
        const expiresAt = Number(request.body.expires_at);
        const { expires_at: _ignored, ...rest } = request.body;
        expect(rest).toEqual({
          mode: 'payment',
          submit_type: 'pay',
          line_items: [
            {
              quantity: '1',
              price_data: { currency: 'usd', unit_amount: '5000', product_data: { name: 'Anonymous gift' } },
            },
            {
              quantity: '1',
              price_data: { currency: 'usd', unit_amount: '280', product_data: { name: 'Processing fee' } },
            },
            {
              quantity: '1',
              price_data: { currency: 'usd', unit_amount: '300', product_data: { name: 'Platform tip' } },
            },
          ],
          client_reference_id: id,
          metadata: { donor_opt_in: 'true', gift_public_id: id },
          payment_intent_data: {
            transfer_group: id,
            metadata: { gift_public_id: id },
            description: `Hushgift gift ${id}`,
          },
          customer_email: 'dana.stripe@example.com',
          success_url: 'http://localhost:3000/success',
          cancel_url: 'http://localhost:3000/gift/review?canceled=true',
        });
        // 24 hours after the gift was started by the product's clock, capped at 24 h − 2 min after the moment the
        // adapter sent it by the real clock (Stripe's limit is real time): bounded by when the request was made.
        const answeredAt = Math.floor(Date.now() / 1000);
        const byProductClock = Math.floor(ctx().clock.now().getTime() / 1000) + 24 * 3600;
        expect(expiresAt).toBeGreaterThanOrEqual(Math.min(byProductClock, sentAt + 24 * 3600 - 120));
        expect(expiresAt).toBeLessThanOrEqual(Math.min(byProductClock, answeredAt + 24 * 3600 - 120));
        expect(request.headers['idempotency-key']).toBe(`gift:${id}:checkout`);
        expect(request.headers.authorization).toBe('Bearer sk_test_standin');
        // No sender detail goes to the provider beyond the donor's own e-mail prefill.
        expect(request.rawBody).not.toMatch(/Rita|Recipient|Happy|Rex|pet/);
      });

      it('leaves out the tip line when there is no tip, and prefills no e-mail without a donor', async () => {
        const before = standIn.requests.length;
        expect((await postGift(ctx(), giftPayload({ amountCents: 2500, tipCents: 0 }))).statusCode).toBe(201);
        const body = standIn.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!.body;
        expect((body.line_items as unknown[]).length).toBe(2);
        expect(body).not.toHaveProperty('customer_email');
        expect(body.metadata).toEqual({ gift_public_id: expect.stringMatching(/^g_/) });
      });

      it('surfaces a Stripe refusal as a ProviderError with its message (the route answers 502)', async () => {
        const provider = ctx().deps.payments;
        const res = await provider
          .createCheckout({
            giftPublicId: 'g_fail',
            lines: [{ name: 'Anonymous gift', amountCents: 500 }],
            successUrl: 'http://localhost:3000/success',
            cancelUrl: 'http://localhost:3000/gift/review?canceled=true',
            expiresAt: new Date(Date.now() + 3_600_000),
            idempotencyKey: 'gift:g_fail:checkout',
            metadata: { fail: 'yes' },
          })
          .catch((e: Error) => e);
        expect(res).toBeInstanceOf(Error);
        expect((res as Error).name).toBe('ProviderError');
        expect((res as Error).message).toMatch(/expires_at must be less than 24 hours/);
      });

      it('accepts an event signed with STRIPE_WEBHOOK_SECRET and marks the gift paid once', async () => {
        const res = await postGift(ctx(), giftPayload({ recipientEmail: 'stripe.paid@example.com' }));
        const sessionId = (res.json().checkoutUrl as string).split('/').pop()!;
        const [gift] = await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.checkoutSessionId, sessionId));
        const event = stripeFixture('event', {
          id: `evt_stripe_${gift!.id}`,
          type: 'checkout.session.completed',
          data: {
            object: stripeFixture('checkout.session', {
              id: sessionId,
              status: 'complete',
              payment_status: 'paid',
              payment_intent: 'pi_stripe_1',
              client_reference_id: gift!.publicId,
              metadata: { gift_public_id: gift!.publicId },
              amount_total: gift!.totalCents,
              customer_details: {
                ...(stripeFixture('checkout.session').customer_details as object),
                email: 'payer@example.com',
                name: 'Pat Payer',
              },
            }),
          },
        });
        const sig = signed(event);
        const ok = await postEvent(ctx(), event, sig);
        expect(ok.statusCode).toBe(200);
        const again = await postEvent(ctx(), event, signed(event));
        expect(again.json()).toEqual({ received: true, duplicate: true });
        const [row] = await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift!.id));
        expect(row).toMatchObject({
          status: 'paid',
          paymentIntentId: 'pi_stripe_1',
          chargeId: null,
          senderEmail: 'payer@example.com',
          senderFirstName: 'Pat',
        });
        expect((await ctx().flushEmails()).filter((m) => m.toAddress === 'stripe.paid@example.com')).toHaveLength(1);
      });

      it('refuses events signed with another secret, a Connect secret it was not given, or not at all', async () => {
        const event = { id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } };
        expect((await postEvent(ctx(), event, signed(event, 'whsec_other'))).statusCode).toBe(400);
        expect((await postEvent(ctx(), event, signed(event, 'whsec_test_connect'))).statusCode).toBe(400);
        expect((await postEvent(ctx(), event, null)).statusCode).toBe(400);
      });
    },
    { payments: () => standIn.provider(WEBHOOK_SECRET) },
  );
});
