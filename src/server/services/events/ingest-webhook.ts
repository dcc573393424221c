// The one entry point for a provider's events: the provider's adapter verifies the signature over the raw body and
// translates the event (refused with a 400 when it is not genuine) and fills in what the provider left out of it
// (completeEvent: Stripe's charge signals), then the one handler takes it once. Stripe's
// events come through the webhook route (routes/webhooks.ts); the sandbox's, signed the same way by its own secret,
// through the endpoint below, which the app hands to the sandbox (routes/index.ts, jobs/index.ts).
import type { ServiceDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import type { AppEvent } from '../../payments/events.js';
import type { WebhookEndpoint, WebhookHeaders } from '../../payments/provider.js';
import { handleProviderEvent, type EventOutcome } from './handle-event.js';
import { payOutAccount } from '../payouts/job.js';

export async function ingestWebhook(
  deps: ServiceDeps,
  rawBody: Buffer,
  headers: WebhookHeaders,
): Promise<EventOutcome & { event: AppEvent }> {
  let event: AppEvent;
  try {
    event = deps.payments.verifyWebhook(rawBody, headers);
  } catch {
    throw badRequest(
      `Invalid or missing ${deps.payments.webhookSignatureHeader} header: the event was not accepted.`,
      'WEBHOOK_SIGNATURE_INVALID',
    );
  }
  if (deps.payments.completeEvent) event = await deps.payments.completeEvent(event);
  return { event, ...(await handleProviderEvent(deps, event)) };
}

/**
 * The endpoint the in-process sandbox delivers to. Its hosted pages wait for the app's answer (no network between
 * them, unlike Stripe's webhooks, which must be answered fast), so an account the sandbox reports verified has its
 * waiting gifts paid out at once instead of at the payout job's next run.
 */
export const sandboxWebhookEndpoint =
  (deps: ServiceDeps): WebhookEndpoint =>
  async (rawBody, headers) => {
    const { event, duplicate } = await ingestWebhook(deps, rawBody, headers);
    if (!duplicate && event.kind === 'payout_account_updated' && event.account.transfersActive)
      await payOutAccount(deps, event.account.id);
    return { duplicate };
  };
