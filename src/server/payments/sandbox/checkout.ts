// The sandbox: checkout. Placeholder bodies until this area is built; each throws a clear ProviderError.
import { ProviderError, type CheckoutSession, type CreateCheckoutInput } from '../provider.js';
import type { SandboxOptions } from './provider.js';

export async function createCheckout(_ctx: SandboxOptions, _input: CreateCheckoutInput): Promise<CheckoutSession> {
  throw new ProviderError('The sandbox cannot create a checkout yet', false);
}
