// The Stripe adapter: refunds. Placeholder bodies until this area is built; each throws a clear ProviderError.
import { ProviderError, type CreateRefundInput, type MoneyMovement } from '../provider.js';
import type { StripeContext } from './provider.js';

export async function createRefund(_ctx: StripeContext, _input: CreateRefundInput): Promise<MoneyMovement> {
  throw new ProviderError('The Stripe adapter cannot refund yet', false);
}

export async function findRefund(_ctx: StripeContext, _paymentIntentId: string): Promise<MoneyMovement | null> {
  throw new ProviderError('The Stripe adapter cannot find a refund yet', false);
}
