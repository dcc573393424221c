// The sandbox's webhooks, signed like Stripe's: `Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">` with the provider's secret, refused when the signature is wrong or older than 5 minutes. The
// body is the app event itself (the sandbox speaks the app's words, so there is nothing to translate). The app
// takes these events through the same ingest as Stripe's (decision 003): the sandbox never calls its services.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderError, type WebhookHeaders } from '../provider.js';
import type { AppEvent } from '../events.js';
import type { Clock } from '../../clock.js';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
const TOLERANCE_SECONDS = 5 * 60;

const hmac = (secret: string, timestamp: number, rawBody: Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

/** The Sandbox-Signature header for this body, as the sandbox sends it now. */
export function signSandboxEvent(secret: string, rawBody: Buffer, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

export function verifyWebhook(
  ctx: { clock: Clock; webhookSecret: string },
  rawBody: Buffer,
  headers: WebhookHeaders,
): AppEvent {
  const header = headers[SANDBOX_SIGNATURE_HEADER];
  if (typeof header !== 'string') throw new ProviderError('Missing Sandbox-Signature header', false);
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const signature = Buffer.from(parts.get('v1') ?? '', 'hex');
  const expected = hmac(ctx.webhookSecret, timestamp, rawBody);
  if (!Number.isInteger(timestamp) || signature.length !== expected.length || !timingSafeEqual(signature, expected))
    throw new ProviderError('Sandbox-Signature does not match the body', false);
  if (Math.abs(ctx.clock.now().getTime() / 1000 - timestamp) > TOLERANCE_SECONDS)
    throw new ProviderError('Sandbox-Signature is too old (replayed?)', false);
  const event = JSON.parse(rawBody.toString('utf8')) as AppEvent;
  if (typeof event?.id !== 'string' || typeof event.kind !== 'string')
    throw new ProviderError('A sandbox event names its id and kind', false);
  return event;
}
