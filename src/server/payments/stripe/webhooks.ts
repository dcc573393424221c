// The Stripe adapter: webhook signatures checked by the SDK over the raw body with STRIPE_WEBHOOK_SECRET (the
// platform endpoint) or STRIPE_CONNECT_WEBHOOK_SECRET (the Connect endpoint: account and transfer events of
// connected accounts), then translated into an app event.
import Stripe from 'stripe';
import { ProviderError, type WebhookHeaders } from '../provider.js';
import type { AppEvent } from '../events.js';
import type { StripeContext } from './provider.js';
import { toAppEvent } from './events.js';

/** The Stripe event, when the Stripe-Signature header is valid for this raw body and one of the secrets. */
export function constructSignedEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secrets: string[],
): Record<string, unknown> {
  if (!signature) throw new ProviderError('Missing Stripe-Signature header', false);
  let last: unknown;
  for (const secret of secrets) {
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as Record<string, unknown>;
    } catch (error) {
      last = error;
    }
  }
  throw new ProviderError(
    `Webhook signature verification failed: ${(last as Error)?.message ?? 'no secret configured'}`,
    false,
  );
}

export function verifyWebhook(ctx: StripeContext, rawBody: Buffer, headers: WebhookHeaders): AppEvent {
  const signature = headers['stripe-signature'];
  return toAppEvent(
    constructSignedEvent(rawBody, typeof signature === 'string' ? signature : undefined, ctx.webhookSecrets),
  );
}
