// The Stripe adapter: connect. Placeholder bodies until this area is built; each throws a clear ProviderError.
import { ProviderError, type ConnectedAccount, type CreateTransferInput, type MoneyMovement } from '../provider.js';
import type { StripeContext } from './provider.js';

export async function createConnectedAccount(_ctx: StripeContext, _input: { email: string; idempotencyKey: string }): Promise<{ id: string }> {
  throw new ProviderError('The Stripe adapter cannot create an account yet', false);
}

export async function createAccountLink(_ctx: StripeContext, _input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }> {
  throw new ProviderError('The Stripe adapter cannot create an account link yet', false);
}

export async function retrieveAccount(_ctx: StripeContext, _accountId: string): Promise<ConnectedAccount> {
  throw new ProviderError('The Stripe adapter cannot read an account yet', false);
}

export async function createTransfer(_ctx: StripeContext, _input: CreateTransferInput): Promise<MoneyMovement> {
  throw new ProviderError('The Stripe adapter cannot transfer yet', false);
}

export async function findTransfer(_ctx: StripeContext, _transferGroup: string): Promise<MoneyMovement | null> {
  throw new ProviderError('The Stripe adapter cannot find a transfer yet', false);
}

export async function createLoginLink(_ctx: StripeContext, _accountId: string): Promise<{ url: string }> {
  throw new ProviderError('The Stripe adapter cannot create a login link yet', false);
}
