// The Stripe adapter: a Checkout Session per gift through the official SDK. Line items for gift, fee and tip;
// the gift's public id as transfer_group and metadata (the payout and the webhook find the gift by it);
// a fixed idempotency key per gift, so a retried request never opens a second session.
import type Stripe from 'stripe';
import { ProviderError, type CheckoutSession, type CreateCheckoutInput } from '../provider.js';
import type { StripeContext } from './provider.js';
import type { AppEvent } from '../events.js';
import { toAppEvent } from './events.js';

/** Stripe accepts expires_at up to 24 h after creation; stay a little under it in case our clock runs ahead. */
const MAX_EXPIRY_SECONDS = 24 * 3600 - 120;

export function checkoutSessionParams(
  input: CreateCheckoutInput,
  nowMs = Date.now(),
): Stripe.Checkout.SessionCreateParams {
  const metadata = { ...input.metadata, gift_public_id: input.giftPublicId };
  return {
    mode: 'payment',
    submit_type: 'pay',
    // A zero line (no tip) is left out: Stripe shows only what is paid.
    line_items: input.lines
      .filter((line) => line.amountCents > 0)
      .map((line) => ({
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: line.amountCents, product_data: { name: line.name } },
      })),
    client_reference_id: input.giftPublicId,
    metadata,
    payment_intent_data: {
      transfer_group: input.giftPublicId,
      metadata: { gift_public_id: input.giftPublicId },
      description: `Hushgift gift ${input.giftPublicId}`,
    },
    ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
    // 3-D Secure on every card that supports it: the issuer authenticates the cardholder, and fraud liability
    // moves to the issuer (decision 024).
    ...(input.requestCardAuthentication
      ? { payment_method_options: { card: { request_three_d_secure: 'any' as const } } }
      : {}),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    expires_at: Math.min(Math.floor(input.expiresAt.getTime() / 1000), Math.floor(nowMs / 1000) + MAX_EXPIRY_SECONDS),
  };
}

export async function createCheckout(ctx: StripeContext, input: CreateCheckoutInput): Promise<CheckoutSession> {
  let session: Stripe.Checkout.Session;
  try {
    session = await ctx.stripe.checkout.sessions.create(checkoutSessionParams(input), {
      idempotencyKey: input.idempotencyKey,
    });
  } catch (error) {
    throw new ProviderError(`Stripe could not create the checkout session: ${(error as Error).message}`);
  }
  if (!session.url) throw new ProviderError('Stripe answered a checkout session without a URL', false);
  return { id: session.id, url: session.url };
}

/** The session now, translated like its webhook would be (id `reconciled:<session>:<status>`: a replay is a duplicate). */
export async function retrieveCheckout(ctx: StripeContext, checkoutId: string): Promise<AppEvent> {
  let session: Stripe.Checkout.Session;
  try {
    // Expanded to the charge: its card and Radar's rating, for the risk rules (decision 024).
    session = await ctx.stripe.checkout.sessions.retrieve(checkoutId, { expand: ['payment_intent.latest_charge'] });
  } catch (error) {
    throw new ProviderError(`Stripe could not read the checkout session: ${(error as Error).message}`);
  }
  const type = session.status === 'expired' ? 'checkout.session.expired' : 'checkout.session.completed';
  if (session.status === 'open')
    return { id: `reconciled:${checkoutId}:open`, kind: 'other', providerType: 'checkout open' };
  return toAppEvent({ id: `reconciled:${checkoutId}:${session.status}`, type, data: { object: session } });
}
