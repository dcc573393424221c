// The sandbox takes no webhooks: it hands its app events straight to the one event handler (decision 014), so
// anything posted to the webhook route of a sandbox server is refused.
import { ProviderError, type WebhookHeaders } from '../provider.js';
import type { AppEvent } from '../events.js';
import type { SandboxOptions } from './provider.js';

export const SANDBOX_TAKES_NO_WEBHOOKS = 'The sandbox provider takes no webhooks: its events are handled in process';

export function verifyWebhook(_ctx: SandboxOptions, _rawBody: Buffer, _headers: WebhookHeaders): AppEvent {
  throw new ProviderError(SANDBOX_TAKES_NO_WEBHOOKS, false);
}
