// The sandbox: refunds. Placeholder bodies until this area is built; each throws a clear ProviderError.
import { ProviderError, type CreateRefundInput, type MoneyMovement } from '../provider.js';
import type { SandboxOptions } from './provider.js';

export async function createRefund(_ctx: SandboxOptions, _input: CreateRefundInput): Promise<MoneyMovement> {
  throw new ProviderError('The sandbox cannot refund yet', false);
}

export async function findRefund(_ctx: SandboxOptions, _paymentIntentId: string): Promise<MoneyMovement | null> {
  throw new ProviderError('The sandbox cannot find a refund yet', false);
}
