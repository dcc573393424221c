// The Stripe adapter: checkout. Placeholder bodies until this area is built; each throws a clear ProviderError.
import { ProviderError, type CheckoutSession, type CreateCheckoutInput } from '../provider.js';
import type { StripeContext } from './provider.js';

export async function createCheckout(_ctx: StripeContext, _input: CreateCheckoutInput): Promise<CheckoutSession> {
  throw new ProviderError('The Stripe adapter cannot create a checkout yet', false);
}
