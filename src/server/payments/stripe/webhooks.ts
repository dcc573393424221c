// The Stripe adapter: webhook signatures checked by the SDK over the raw body with STRIPE_WEBHOOK_SECRET.
// The SDK's webhook helpers are pure crypto (no network), so the sandbox signs and verifies with them too.
import Stripe from 'stripe';
import { ProviderError, type ProviderEvent } from '../provider.js';
import type { StripeContext } from './provider.js';

/** The event, when the Stripe-Signature header is valid for this raw body and secret; else a ProviderError. */
export function constructSignedEvent(rawBody: Buffer, signature: string | undefined, secret: string): ProviderEvent {
  if (!signature) throw new ProviderError('Missing Stripe-Signature header', false);
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as ProviderEvent;
  } catch (error) {
    throw new ProviderError(`Webhook signature verification failed: ${(error as Error).message}`, false);
  }
}

export function verifyWebhook(ctx: StripeContext, rawBody: Buffer, signature: string | undefined): ProviderEvent {
  return constructSignedEvent(rawBody, signature, ctx.webhookSecret);
}
