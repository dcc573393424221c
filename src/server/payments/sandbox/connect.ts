// The sandbox: connect. Placeholder bodies until this area is built; each throws a clear ProviderError.
import { ProviderError, type ConnectedAccount, type CreateTransferInput, type MoneyMovement } from '../provider.js';
import type { SandboxOptions } from './provider.js';

export async function createConnectedAccount(_ctx: SandboxOptions, _input: { email: string; idempotencyKey: string }): Promise<{ id: string }> {
  throw new ProviderError('The sandbox cannot create an account yet', false);
}

export async function createAccountLink(_ctx: SandboxOptions, _input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }> {
  throw new ProviderError('The sandbox cannot create an account link yet', false);
}

export async function retrieveAccount(_ctx: SandboxOptions, _accountId: string): Promise<ConnectedAccount> {
  throw new ProviderError('The sandbox cannot read an account yet', false);
}

export async function createTransfer(_ctx: SandboxOptions, _input: CreateTransferInput): Promise<MoneyMovement> {
  throw new ProviderError('The sandbox cannot transfer yet', false);
}

export async function findTransfer(_ctx: SandboxOptions, _transferGroup: string): Promise<MoneyMovement | null> {
  throw new ProviderError('The sandbox cannot find a transfer yet', false);
}

export async function createLoginLink(_ctx: SandboxOptions, _accountId: string): Promise<{ url: string }> {
  throw new ProviderError('The sandbox cannot create a login link yet', false);
}
