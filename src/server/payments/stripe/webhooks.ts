// The Stripe adapter: webhooks. Placeholder bodies until this area is built; each throws a clear ProviderError.
import { ProviderError, type ProviderEvent } from '../provider.js';
import type { StripeContext } from './provider.js';

export function verifyWebhook(_ctx: StripeContext, _rawBody: Buffer, _signature: string | undefined): ProviderEvent {
  throw new ProviderError('The Stripe adapter cannot verify a webhook yet', false);
}
