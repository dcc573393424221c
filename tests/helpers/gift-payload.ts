// A valid create-gift payload with correct figures, and Stripe checkout events signed with the test webhook secret
// (for apps built with sandboxWithStripeWebhooks, or the Stripe adapter against the stand-in).
import { eq } from 'drizzle-orm';
import { gifts } from '../../src/server/db/schema.js';
import type { CreateGiftPayload } from '../../src/shared/schemas/gift.js';
import { wireFigures } from '../../src/shared/money.js';
import Stripe from 'stripe';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/server/payments/sandbox/webhooks.js';
import { SandboxProvider } from '../../src/server/payments/sandbox/provider.js';
import { StripeProvider } from '../../src/server/payments/stripe/provider.js';
import type { AppDeps } from '../../src/server/deps.js';
import type { TestContext } from './test-app.js';
import { giftRowColumns } from './gift-row.js';

let seq = 0;

/** Figures computed with the shared fee rule from amount and tip cents. */
export function giftPayload(
  overrides: Partial<CreateGiftPayload> & { amountCents?: number; tipCents?: number } = {},
): CreateGiftPayload {
  const { amountCents = 5000, tipCents = 100, ...rest } = overrides;
  seq++;
  return {
    ...wireFigures(amountCents, tipCents),
    senderCoversFees: false,
    recipientFirstName: 'Rita',
    recipientLastName: 'Recipient',
    recipientEmail: `rita.p${seq}@example.com`,
    securityQuestion: "What is your pet's name?",
    securityAnswerHash: 'Rex',
    personalNote: 'Happy birthday!',
    ...rest,
  };
}

export async function postGift(ctx: TestContext, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/gifts', payload: payload as object, headers });
}

/** Creates a gift through the API; answers its row. */
export async function createPendingGift(
  ctx: TestContext,
  overrides: Parameters<typeof giftPayload>[0] = {},
  headers: Record<string, string> = {},
) {
  const res = await postGift(ctx, giftPayload(overrides), headers);
  if (res.statusCode !== 201) throw new Error(`POST /api/gifts answered ${res.statusCode}: ${res.body}`);
  const sessionId = (res.json() as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
  const [gift] = await ctx.db.select(giftRowColumns).from(gifts).where(eq(gifts.checkoutSessionId, sessionId));
  return gift!;
}

export interface SessionEventOptions {
  eventId?: string;
  type?: string;
  email?: string;
  name?: string;
  metadata?: Record<string, string>;
  paymentStatus?: string;
}

/** A Stripe-shaped checkout.session.* event for a gift. */
export function checkoutEvent(gift: typeof gifts.$inferSelect, options: SessionEventOptions = {}) {
  return {
    id: options.eventId ?? `evt_test_${gift.publicId}`,
    object: 'event',
    type: options.type ?? 'checkout.session.completed',
    created: 1_768_478_400,
    data: {
      object: {
        id: gift.checkoutSessionId,
        object: 'checkout.session',
        amount_total: gift.totalCents,
        currency: 'usd',
        customer_details: { email: options.email ?? 'sam.sender@example.com', name: options.name ?? 'Sam Q Sender' },
        customer_email: null,
        metadata: { gift_public_id: gift.publicId, ...options.metadata },
        payment_intent: { id: `pi_test_${gift.id}`, object: 'payment_intent', latest_charge: `ch_test_${gift.id}` },
        payment_status: options.paymentStatus ?? 'paid',
        status: 'complete',
      },
    },
  };
}

/** The platform endpoint's signing secret in tests (the stand-in's adapter uses it too). */
export const TEST_WEBHOOK_SECRET = 'whsec_test_standin';
/** The Connect endpoint's signing secret in tests. */
export const TEST_CONNECT_WEBHOOK_SECRET = 'whsec_test_connect';

/** The Stripe-Signature header for a payload, as Stripe would sign it with this secret. */
export const stripeSignature = (payload: string, secret = TEST_WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

/**
 * The sandbox for every command, and the Stripe adapter's webhook verification and translation: tests of
 * event handling post real Stripe event shapes while the rest of the flow runs on the sandbox (whose own events,
 * signed with Sandbox-Signature, are still verified as the sandbox's).
 */
export function sandboxWithStripeWebhooks({ db, clock, config }: Omit<AppDeps, 'payments'>): SandboxProvider {
  const sandbox = new SandboxProvider({ db, clock, publicUrl: config.publicUrl });
  const stripe = new StripeProvider({
    secretKey: 'sk_test_unused',
    webhookSecret: TEST_WEBHOOK_SECRET,
    connectWebhookSecret: TEST_CONNECT_WEBHOOK_SECRET,
  });
  const sandboxVerify = sandbox.verifyWebhook;
  // The events these tests post are Stripe's, so a refusal names Stripe's header.
  sandbox.webhookSignatureHeader = 'Stripe-Signature';
  sandbox.verifyWebhook = (rawBody, headers) =>
    headers[SANDBOX_SIGNATURE_HEADER] === undefined
      ? stripe.verifyWebhook(rawBody, headers)
      : sandboxVerify(rawBody, headers);
  return sandbox;
}

/** Posts an event to the webhook route, signed with the test webhook secret unless a signature is given. */
export async function postEvent(ctx: TestContext, event: object, signature?: string | null) {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? stripeSignature(payload) : signature;
  if (sig !== null) headers['stripe-signature'] = sig;
  return ctx.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers });
}
