// Contract of the Stripe adapter for the risk rules (decision 024): checkout.session.completed names its payment
// intent by id only, so the adapter reads the payment intent with its latest charge expanded (the official SDK,
// against a local stand-in answering Stripe's own example objects) for the card's fingerprint and Radar's rating.
// An event that carries them costs no call; a failed read leaves the payment paid without them.
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { giftPayers, gifts } from '../../src/server/db/schema.js';
import { payerIdentity } from '../../src/server/services/risk/payer-identity.js';
import { StripeStandIn, stripeFixture } from '../helpers/stripe-stand-in.js';
import { giftPayload, postEvent, postGift } from '../helpers/gift-payload.js';
import { reviewOf } from '../helpers/risk.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { giftRowColumns } from '../helpers/gift-row.js';

const WEBHOOK_SECRET = 'whsec_test_standin';
const FINGERPRINT = (stripeFixture('charge').payment_method_details as { card: { fingerprint: string } }).card
  .fingerprint;

describe('Stripe adapter: the charge behind a paid checkout', () => {
  const standIn = new StripeStandIn();
  let sessions = 0;
  beforeAll(async () => {
    standIn
      .on('POST', '/v1/checkout/sessions', (req) => {
        sessions++;
        return stripeFixture('checkout.session', {
          id: `cs_test_risk_${sessions}`,
          url: `https://checkout.stripe.com/c/pay/cs_test_risk_${sessions}`,
          metadata: req.body.metadata,
        });
      })
      .on('GET', '/v1/payment_intents/:id', (req) => {
        const id = req.path.split('/').pop()!;
        if (id.endsWith('_missing'))
          return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
        const charge = stripeFixture('charge', { id: `ch_of_${id}`, payment_intent: id });
        (charge.outcome as Record<string, unknown>).risk_level = 'elevated';
        // Stripe expands latest_charge only when asked.
        const expanded = req.query.getAll('expand[0]').includes('latest_charge');
        return stripeFixture('payment_intent', { id, latest_charge: expanded ? charge : charge.id });
      });
    await standIn.start();
  });
  afterAll(() => standIn.stop());

  describeEachEngine(
    'Stripe adapter',
    (ctx) => {
      const sign = (event: object) =>
        Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: WEBHOOK_SECRET });
      async function paid(c: TestContext, paymentIntent: unknown) {
        const res = await postGift(c, giftPayload());
        const sessionId = (res.json().checkoutUrl as string).split('/').pop()!;
        const [gift] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.checkoutSessionId, sessionId));
        const event = stripeFixture('event', {
          id: `evt_risk_${gift!.id}`,
          type: 'checkout.session.completed',
          data: {
            object: stripeFixture('checkout.session', {
              id: sessionId,
              status: 'complete',
              payment_status: 'paid',
              payment_intent: paymentIntent,
              metadata: { gift_public_id: gift!.publicId },
              amount_total: gift!.totalCents,
              customer_details: {
                ...(stripeFixture('checkout.session').customer_details as object),
                email: `payer.${gift!.id}@example.com`,
              },
            }),
          },
        });
        expect((await postEvent(c, event, sign(event))).statusCode).toBe(200);
        const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift!.id));
        const [payer] = await c.db.select().from(giftPayers).where(eq(giftPayers.giftId, gift!.id));
        return { row: row!, payer: payer! };
      }
      const reads = (pi: string) => standIn.find('GET', `/v1/payment_intents/${pi}`);

      it("reads the payment intent with its latest charge expanded: the card's fingerprint and Radar's rating", async () => {
        const pi = `pi_risk_${ctx().engine}_plain`;
        const { row, payer } = await paid(ctx(), pi);
        expect(reads(pi)).toHaveLength(1);
        expect(reads(pi)[0]!.query.getAll('expand[0]')).toEqual(['latest_charge']);
        expect(row).toMatchObject({ status: 'paid', paymentIntentId: pi, chargeId: `ch_of_${pi}` });
        expect(payer.cardKey).toBe(
          payerIdentity(ctx().deps.config.digestSecret!, { cardFingerprint: FINGERPRINT }).cardKey,
        );
        expect((await reviewOf(ctx(), row.id))?.reasons).toEqual(['provider_elevated']);
      });

      it('makes no call when the event carries the expanded charge, and goes on without it when Stripe cannot say', async () => {
        const pi = `pi_risk_${ctx().engine}_expanded`;
        const charge = stripeFixture('charge', { id: `ch_inline_${ctx().engine}`, payment_intent: pi });
        (charge.outcome as Record<string, unknown>).risk_level = 'normal';
        const inline = await paid(ctx(), stripeFixture('payment_intent', { id: pi, latest_charge: charge }));
        expect(reads(pi)).toHaveLength(0);
        expect(inline.row.chargeId).toBe(`ch_inline_${ctx().engine}`);
        expect(await reviewOf(ctx(), inline.row.id)).toBeNull();

        const missing = `pi_risk_${ctx().engine}_missing`;
        const unread = await paid(ctx(), missing);
        expect(reads(missing)).toHaveLength(1);
        expect(unread.row).toMatchObject({ status: 'paid', chargeId: null });
        expect(unread.payer.cardKey).toBeNull();
      });
    },
    { payments: () => standIn.provider(WEBHOOK_SECRET) },
  );
});
