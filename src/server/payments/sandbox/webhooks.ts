// The sandbox signs its events exactly as Stripe does (t=…,v1=HMAC-SHA256), with a secret local to this process,
// so POST /api/webhooks/stripe and the one event handler serve both providers. The Stripe SDK's webhook helpers
// are pure crypto: no network, no API key needed.
import Stripe from 'stripe';
import { randomToken } from '../../crypto.js';
import { ProviderError, type ProviderEvent } from '../provider.js';
import type { SandboxOptions } from './provider.js';

/** Random per process: nobody outside can forge a sandbox event. */
export const SANDBOX_WEBHOOK_SECRET = `whsec_sandbox_${randomToken(24)}`;

const webhooks = Stripe.webhooks;

/** The Stripe-Signature header for a payload, signed with the sandbox secret. */
export function signSandboxPayload(payload: string, secret = SANDBOX_WEBHOOK_SECRET): string {
  return webhooks.generateTestHeaderString({ payload, secret });
}

export function verifyWebhook(_ctx: SandboxOptions, rawBody: Buffer, signature: string | undefined): ProviderEvent {
  if (!signature) throw new ProviderError('Missing Stripe-Signature header', false);
  try {
    return webhooks.constructEvent(rawBody, signature, SANDBOX_WEBHOOK_SECRET) as unknown as ProviderEvent;
  } catch (error) {
    throw new ProviderError(`Webhook signature verification failed: ${(error as Error).message}`, false);
  }
}
