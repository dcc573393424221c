// Card testing (decision 024): declined payments are counted per client address (and per payer e-mail and card);
// past 5 in an hour a new checkout from that address is refused with a 429 and a wait; another address is not.
import { HOUR } from '../../src/server/clock.js';
import { toAppEvent } from '../../src/server/payments/stripe/events.js';
import { DECLINE_CARD } from '../../src/server/payments/sandbox/checkout-routes.js';
import { giftPayload, postGift } from '../helpers/gift-payload.js';
import { pendingGift } from '../helpers/gifts.js';
import { payWithCard } from '../helpers/risk.js';
import { stripeFixture } from '../helpers/stripe-stand-in.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { testConfig } from '../../src/server/config.js';

describe('Stripe: a failed payment', () => {
  it('names the gift from the payment intent and the card tried', () => {
    const intent = stripeFixture('payment_intent', {
      metadata: { gift_public_id: 'g_abc' },
      last_payment_error: {
        payment_method: {
          billing_details: { email: 'pat@example.com' },
          card: (stripeFixture('charge').payment_method_details as { card: unknown }).card,
        },
      },
    });
    expect(toAppEvent({ id: 'evt_f', type: 'payment_intent.payment_failed', data: { object: intent } })).toEqual({
      id: 'evt_f',
      kind: 'payment_failed',
      giftPublicId: 'g_abc',
      payerEmail: 'pat@example.com',
      cardFingerprint: 'AOB934RVNwzk6xtn',
    });
  });
});

describeEachEngine(
  'risk: card testing',
  (ctx) => {
    it('refuses new checkouts from an address past 5 declined payments in an hour, with a wait', async () => {
      const tester = { name: 'Card Tester', email: `tester.${ctx().engine}@example.com` };
      for (let i = 0; i < 5; i++) {
        const pending = await pendingGift(ctx());
        expect(await payWithCard(ctx(), pending, tester, DECLINE_CARD)).toBe(402);
      }
      const refused = await postGift(ctx(), giftPayload());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/declined/);
      // Another address still starts gifts; this one again after the hour.
      const elsewhere = await ctx().app.inject({
        method: 'POST',
        url: '/api/gifts',
        payload: giftPayload(),
        remoteAddress: '198.51.100.9',
      });
      expect(elsewhere.statusCode).toBe(201);
      ctx().clock.advance(HOUR + 1000);
      expect((await postGift(ctx(), giftPayload())).statusCode).toBe(201);
    });
  },
  { config: { risk: { ...testConfig().risk, failedPaymentsPerHour: 5 } } },
);

describeEachEngine(
  'risk: card testing by payer e-mail',
  (ctx) => {
    it("refuses a donor's new checkout from any address once their e-mail is past 5 declines in an hour", async () => {
      const email = `tester.donor.${ctx().engine}@example.com`;
      // Each declined gift is started from its own address: only the e-mail links them.
      for (let i = 0; i < 5; i++) {
        const started = await ctx().app.inject({
          method: 'POST',
          url: '/api/gifts',
          payload: giftPayload(),
          remoteAddress: `198.51.100.${20 + i}`,
        });
        expect(started.statusCode).toBe(201);
        const checkoutUrl = new URL(started.json().checkoutUrl as string);
        const pending = { gift: null as never, checkoutUrl };
        expect(await payWithCard(ctx(), pending, { name: 'Card Tester', email }, DECLINE_CARD)).toBe(402);
      }
      const asDonor = (remoteAddress: string) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/gifts',
          payload: { ...giftPayload(), donorAccount: { firstName: 'Card', lastName: 'Tester', email } },
          remoteAddress,
        });
      const refused = await asDonor('198.51.100.60');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/declined/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The same address without the e-mail starts a gift; the e-mail again after the hour.
      const anonymous = await ctx().app.inject({
        method: 'POST',
        url: '/api/gifts',
        payload: giftPayload(),
        remoteAddress: '198.51.100.60',
      });
      expect(anonymous.statusCode).toBe(201);
      ctx().clock.advance(HOUR + 1000);
      expect((await asDonor('198.51.100.61')).statusCode).toBe(201);
    });
  },
  { config: { risk: { ...testConfig().risk, failedPaymentsPerHour: 5 } } },
);
