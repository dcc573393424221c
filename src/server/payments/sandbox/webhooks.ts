// The sandbox signs its events exactly as Stripe does (t=…,v1=HMAC-SHA256), with a secret local to this process,
// so POST /api/webhooks/stripe and the one event handler serve both providers.
import Stripe from 'stripe';
import { randomToken } from '../../crypto.js';
import type { ProviderEvent } from '../provider.js';
import { constructSignedEvent } from '../stripe/webhooks.js';
import type { SandboxOptions } from './provider.js';

/** Random per process: nobody outside can forge a sandbox event. */
export const SANDBOX_WEBHOOK_SECRET = `whsec_sandbox_${randomToken(24)}`;

/** The Stripe-Signature header for a payload, signed with the sandbox secret (or another, in tests). */
export function signSandboxPayload(payload: string, secret = SANDBOX_WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

export function verifyWebhook(_ctx: SandboxOptions, rawBody: Buffer, signature: string | undefined): ProviderEvent {
  return constructSignedEvent(rawBody, signature, SANDBOX_WEBHOOK_SECRET);
}
