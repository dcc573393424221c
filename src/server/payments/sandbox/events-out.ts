// How the sandbox tells the app what happened on its side: the app event it would send, signed with its webhook
// secret and delivered to the app's webhook endpoint, which verifies it like a Stripe event and handles it once
// (a replay of the same id changes nothing). The endpoint's answer is awaited: a sandbox page shows the outcome
// only once the app has taken the event, and a failure reaches the caller (which undoes its own change).
import type { AppDeps, ServiceDeps } from '../../deps.js';
import type { WebhookEndpoint } from '../provider.js';
import type { AppEvent } from '../events.js';
import { SandboxProvider } from './provider.js';
import { SANDBOX_SIGNATURE_HEADER } from './webhooks.js';

/** What the sandbox's actions need: the app's dependencies (its own tables, the clock) and the app's endpoint. */
export type SandboxDeps = ServiceDeps & { webhookEndpoint: WebhookEndpoint };
/** The same for the sandbox's hosted pages. */
export type SandboxAppDeps = AppDeps & { webhookEndpoint: WebhookEndpoint };

export async function sendSandboxEvent(
  deps: Pick<SandboxDeps, 'payments' | 'webhookEndpoint'>,
  event: AppEvent,
): Promise<void> {
  if (!(deps.payments instanceof SandboxProvider)) throw new Error('Sandbox events are sent by the sandbox provider');
  const rawBody = Buffer.from(JSON.stringify(event));
  await deps.webhookEndpoint(rawBody, {
    'content-type': 'application/json',
    [SANDBOX_SIGNATURE_HEADER]: deps.payments.signWebhook(rawBody),
  });
}
