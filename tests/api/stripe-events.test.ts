// Contract of the Stripe adapter's event translation (decision 014): every Stripe event Hushgift acts on, built
// from Stripe's own example objects, signed like Stripe signs, posted to the webhook route, arrives as exactly
// one app event in the app's words (recorded in webhook_events by its id); anything else is recorded as `other`.
import { eq } from 'drizzle-orm';
import { webhookEvents } from '../../src/server/db/schema.js';
import type { AppEvent } from '../../src/server/payments/events.js';
import { toAppEvent } from '../../src/server/payments/stripe/events.js';
import { stripeFixture } from '../helpers/stripe-stand-in.js';
import { loadConfig } from '../../src/server/config.js';
import { systemClock } from '../../src/server/clock.js';
import { createPaymentProvider } from '../../src/server/payments/index.js';
import {
  TEST_CONNECT_WEBHOOK_SECRET,
  postEvent,
  sandboxWithStripeWebhooks,
  stripeSignature,
} from '../helpers/gift-payload.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { PRODUCTION_DIGEST_SECRET } from '../helpers/secrets.js';

type Json = Record<string, unknown>;
const event = (id: string, type: string, object: Json, extra: Json = {}) =>
  stripeFixture('event', { id, type, data: { object }, ...extra });

const PI = 'pi_3MtwBwLkdIwHu7ix28a3tqPa';
const CHARGE = 'ch_1PgafuB7WZ01zgkWXYmPNZs8';

/** Each Stripe event and the app event it must become. */
const CASES: Array<{ name: string; stripe: Json; app: AppEvent; connect?: boolean }> = [
  {
    name: 'checkout.session.completed (paid)',
    stripe: event(
      'evt_paid',
      'checkout.session.completed',
      stripeFixture('checkout.session', {
        id: 'cs_paid',
        payment_status: 'paid',
        amount_total: 5380,
        currency: 'usd',
        payment_intent: PI,
        client_reference_id: 'g_abc',
        metadata: { gift_public_id: 'g_abc', donor_opt_in: 'true' },
        customer_details: {
          ...(stripeFixture('checkout.session').customer_details as Json),
          email: 'pat@example.com',
          name: 'Pat Payer',
        },
      }),
    ),
    app: {
      id: 'evt_paid',
      kind: 'checkout_paid',
      giftPublicId: 'g_abc',
      checkoutId: 'cs_paid',
      amountCents: 5380,
      currency: 'usd',
      paymentRef: PI,
      chargeRef: null,
      payerEmail: 'pat@example.com',
      payerName: 'Pat Payer',
      // The payment intent is not expanded here: no charge, so no card fingerprint nor Radar rating.
      cardFingerprint: null,
      riskLevel: null,
      metadata: { gift_public_id: 'g_abc', donor_opt_in: 'true' },
    },
  },
  {
    name: 'checkout.session.completed (unpaid, delayed method)',
    stripe: event(
      'evt_unpaid',
      'checkout.session.completed',
      stripeFixture('checkout.session', { payment_status: 'unpaid' }),
    ),
    app: { id: 'evt_unpaid', kind: 'other', providerType: 'checkout.session.completed (unpaid)' },
  },
  {
    name: 'checkout.session.expired',
    stripe: event(
      'evt_exp',
      'checkout.session.expired',
      stripeFixture('checkout.session', { id: 'cs_exp', client_reference_id: 'g_exp', metadata: {} }),
    ),
    app: { id: 'evt_exp', kind: 'checkout_expired', giftPublicId: 'g_exp', checkoutId: 'cs_exp' },
  },
  {
    name: 'refund.created in the dashboard',
    stripe: event(
      'evt_refund_outside',
      'refund.created',
      stripeFixture('refund', { id: 're_outside', amount: 5380, payment_intent: PI, reason: 'requested_by_customer' }),
    ),
    app: {
      id: 'evt_refund_outside',
      kind: 'payment_refunded',
      paymentRef: PI,
      chargeRef: CHARGE,
      refundRef: 're_outside',
      amountCents: 5380,
      totalRefundedCents: null,
      reason: 'requested_by_customer',
      by: 'outside',
    },
  },
  {
    name: 'refund.created by Hushgift (its key in the metadata)',
    stripe: event(
      'evt_refund_ours',
      'refund.created',
      stripeFixture('refund', {
        id: 're_ours',
        amount: 5000,
        payment_intent: PI,
        metadata: { hushgift_key: 'hg:g_abc:refund' },
      }),
    ),
    app: {
      id: 'evt_refund_ours',
      kind: 'payment_refunded',
      paymentRef: PI,
      chargeRef: CHARGE,
      refundRef: 're_ours',
      amountCents: 5000,
      totalRefundedCents: null,
      reason: null,
      by: 'hushgift',
    },
  },
  {
    name: 'refund.updated to failed (no money moved)',
    stripe: event('evt_refund_failed', 'refund.updated', stripeFixture('refund', { status: 'failed' })),
    app: { id: 'evt_refund_failed', kind: 'other', providerType: 'refund (failed)' },
  },
  {
    name: 'charge.refunded (running total)',
    stripe: event(
      'evt_charge_refunded',
      'charge.refunded',
      stripeFixture('charge', { payment_intent: PI, amount: 5380, amount_refunded: 2000, refunded: false }),
    ),
    app: {
      id: 'evt_charge_refunded',
      kind: 'payment_refunded',
      paymentRef: PI,
      chargeRef: CHARGE,
      refundRef: null,
      amountCents: 2000,
      totalRefundedCents: 2000,
      reason: null,
      by: 'outside',
    },
  },
  {
    name: 'charge.dispute.created',
    stripe: event(
      'evt_dp_open',
      'charge.dispute.created',
      stripeFixture('dispute', { amount: 5380, payment_intent: PI }),
    ),
    app: {
      id: 'evt_dp_open',
      kind: 'dispute_opened',
      disputeRef: 'dp_1Pgc71B7WZ01zgkWMevJiAUx',
      paymentRef: PI,
      chargeRef: CHARGE,
      amountCents: 5380,
      reason: 'general',
    },
  },
  {
    name: 'charge.dispute.closed (won)',
    stripe: event(
      'evt_dp_won',
      'charge.dispute.closed',
      stripeFixture('dispute', { status: 'won', reason: 'fraudulent' }),
    ),
    app: {
      id: 'evt_dp_won',
      kind: 'dispute_won',
      disputeRef: 'dp_1Pgc71B7WZ01zgkWMevJiAUx',
      paymentRef: null,
      chargeRef: CHARGE,
      amountCents: 1000,
      reason: 'fraudulent',
    },
  },
  {
    name: 'charge.dispute.closed (lost)',
    stripe: event('evt_dp_lost', 'charge.dispute.closed', stripeFixture('dispute', { status: 'lost' })),
    app: {
      id: 'evt_dp_lost',
      kind: 'dispute_lost',
      disputeRef: 'dp_1Pgc71B7WZ01zgkWMevJiAUx',
      paymentRef: null,
      chargeRef: CHARGE,
      amountCents: 1000,
      reason: 'general',
    },
  },
  {
    name: 'charge.dispute.updated (evidence; nothing to do)',
    stripe: event('evt_dp_upd', 'charge.dispute.updated', stripeFixture('dispute')),
    app: { id: 'evt_dp_upd', kind: 'other', providerType: 'charge.dispute.updated' },
  },
  {
    name: 'transfer.reversed',
    stripe: event(
      'evt_tr_rev',
      'transfer.reversed',
      stripeFixture('transfer', {
        transfer_group: 'g_abc',
        amount_reversed: 1100,
        reversed: true,
        reversals: {
          object: 'list',
          has_more: false,
          url: '/v1/transfers/tr_1Pgc7BB7WZ01zgkWVJfE40RX/reversals',
          data: [stripeFixture('transfer_reversal')],
        },
      }),
    ),
    app: {
      id: 'evt_tr_rev',
      kind: 'transfer_reversed',
      transferRef: 'tr_1Pgc7BB7WZ01zgkWVJfE40RX',
      giftPublicId: 'g_abc',
      amountCents: 1100,
    },
    connect: true,
  },
  {
    name: 'account.updated (Connect endpoint)',
    stripe: event('evt_acct', 'account.updated', stripeFixture('account'), { account: 'acct_1PgafTB7WZ01zgkW' }),
    app: {
      id: 'evt_acct',
      kind: 'payout_account_updated',
      account: {
        id: 'acct_1PgafTB7WZ01zgkW',
        transfersActive: true,
        detailsSubmitted: false,
        requirementsPending: 6,
        verifying: false,
        payoutLast4: null,
      },
    },
    connect: true,
  },
  {
    name: 'account.application.deauthorized (Connect endpoint)',
    stripe: event('evt_deauth', 'account.application.deauthorized', stripeFixture('application'), {
      account: 'acct_gone',
    }),
    app: { id: 'evt_deauth', kind: 'payout_account_disconnected', accountId: 'acct_gone' },
    connect: true,
  },
  {
    name: 'an event Hushgift does not act on',
    stripe: event('evt_plan', 'plan.created', (stripeFixture('event').data as Json).object as Json),
    app: { id: 'evt_plan', kind: 'other', providerType: 'plan.created' },
  },
];

describe("Stripe adapter: events in the app's words", () => {
  it.each(CASES)('translates $name', ({ stripe, app }) => {
    expect(toAppEvent(stripe)).toEqual(app);
  });

  it("reads no Stripe field outside the adapter: the app event carries none of Stripe's names", () => {
    for (const { app } of CASES)
      expect(JSON.stringify(app)).not.toMatch(/payment_intent|latest_charge|customer_details|data\.object/);
  });
});

describeEachEngine(
  'webhook route with both endpoint secrets',
  (ctx) => {
    it.each(CASES)(
      "records $name once, as its app event, signed with its endpoint's secret",
      async ({ stripe, app, connect }) => {
        const payload = JSON.stringify(stripe);
        const signature = stripeSignature(payload, connect ? TEST_CONNECT_WEBHOOK_SECRET : undefined);
        const first = await postEvent(ctx(), stripe, signature);
        expect(first.statusCode).toBe(200);
        expect(first.json()).toEqual({ received: true, duplicate: false });
        expect((await postEvent(ctx(), stripe, signature)).json()).toEqual({ received: true, duplicate: true });
        const rows = await ctx().db.select().from(webhookEvents).where(eq(webhookEvents.id, app.id));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.type).toBe(app.kind === 'other' ? `other:${app.providerType}` : app.kind);
        // Only what dedupe and audit need is kept, never the event itself (decision 012).
        expect(Object.keys(rows[0]!).sort()).toEqual(['giftId', 'id', 'objectId', 'processedAt', 'receivedAt', 'type']);
      },
    );

    it('accepts either secret for any event and refuses a third', async () => {
      const stripe = event('evt_either', 'plan.created', {});
      const payload = JSON.stringify(stripe);
      expect((await postEvent(ctx(), stripe, stripeSignature(payload, 'whsec_neither'))).statusCode).toBe(400);
      expect((await postEvent(ctx(), stripe, stripeSignature(payload, TEST_CONNECT_WEBHOOK_SECRET))).statusCode).toBe(
        200,
      );
      expect((await postEvent(ctx(), stripe, stripeSignature(payload))).json()).toEqual({
        received: true,
        duplicate: true,
      });
    });
  },
  { payments: sandboxWithStripeWebhooks },
);

// The adapter as configured from the environment: both secrets reach it, a malformed one stops the start.
describe('Stripe adapter configuration', () => {
  const env = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_platform',
    SMTP_URL: 'smtp://mail.example:587',
    PUBLIC_URL: 'https://gift.example',
    DIGEST_SECRET: PRODUCTION_DIGEST_SECRET,
    ADMIN_TOTP_KEY: 'an operator key for the second factor, 32+ chars',
  };
  it('verifies with STRIPE_CONNECT_WEBHOOK_SECRET beside STRIPE_WEBHOOK_SECRET', () => {
    const config = loadConfig({ ...env, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect' });
    const provider = createPaymentProvider(config, undefined as never, systemClock);
    const stripe = event('evt_cfg', 'account.application.deauthorized', stripeFixture('application'), {
      account: 'acct_x',
    });
    const raw = Buffer.from(JSON.stringify(stripe));
    for (const secret of ['whsec_platform', 'whsec_connect']) {
      expect(provider.verifyWebhook(raw, { 'stripe-signature': stripeSignature(raw.toString(), secret) })).toEqual({
        id: 'evt_cfg',
        kind: 'payout_account_disconnected',
        accountId: 'acct_x',
      });
    }
    expect(() =>
      provider.verifyWebhook(raw, { 'stripe-signature': stripeSignature(raw.toString(), 'whsec_other') }),
    ).toThrow(/signature/);
    // Without the Connect secret, only the platform one verifies.
    const platformOnly = createPaymentProvider(loadConfig(env), undefined as never, systemClock);
    expect(() =>
      platformOnly.verifyWebhook(raw, { 'stripe-signature': stripeSignature(raw.toString(), 'whsec_connect') }),
    ).toThrow(/signature/);
    expect(() => loadConfig({ ...env, STRIPE_CONNECT_WEBHOOK_SECRET: 'nope' })).toThrow(
      /STRIPE_CONNECT_WEBHOOK_SECRET/,
    );
  });
});
