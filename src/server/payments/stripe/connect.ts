// The Stripe adapter: Connect Express. Recipients get an Express account (US, transfers capability) through
// hosted onboarding; payouts are transfers funded by the gift's own charge, with the gift's idempotency key.
import Stripe from 'stripe';
import { ProviderError, type ConnectedAccount, type CreateTransferInput, type MoneyMovement } from '../provider.js';
import type { StripeContext } from './provider.js';

/** SDK errors become ProviderErrors: network, rate-limit and server errors are worth retrying; the rest are not. */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const retryable =
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeRateLimitError ||
        error instanceof Stripe.errors.StripeAPIError ||
        (error.statusCode ?? 0) >= 500;
      throw new ProviderError(`Stripe could not ${what}: ${error.message}`, retryable);
    }
    throw error;
  }
}

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A Stripe account object (from the API or an account.updated event) → what the app needs. */
export function toConnectedAccount(account: Stripe.Account | Record<string, unknown>): ConnectedAccount {
  const a = account as Record<string, unknown>;
  const capabilities = (a.capabilities ?? {}) as Record<string, unknown>;
  const requirements = (a.requirements ?? {}) as Record<string, unknown>;
  const pending = new Set([...list(requirements.currently_due), ...list(requirements.past_due)]);
  const external = (a.external_accounts ?? {}) as { data?: unknown };
  const payouts = (Array.isArray(external.data) ? external.data : []) as Array<Record<string, unknown>>;
  // The bank account (or debit card) payouts in the account's currency go to; else the first one listed.
  const target = payouts.find((e) => e.default_for_currency === true) ?? payouts[0];
  return {
    id: String(a.id),
    transfersActive: capabilities.transfers === 'active',
    detailsSubmitted: a.details_submitted === true,
    requirementsPending: pending.size,
    verifying: list(requirements.pending_verification).length > 0,
    payoutLast4: typeof target?.last4 === 'string' ? target.last4 : null,
  };
}

export async function createConnectedAccount(
  ctx: StripeContext,
  input: { email: string; idempotencyKey: string },
): Promise<{ id: string }> {
  const account = await call('create the payout account', () =>
    ctx.stripe.accounts.create(
      {
        type: 'express',
        country: 'US',
        email: input.email,
        business_type: 'individual',
        capabilities: { transfers: { requested: true } },
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
  return { id: account.id };
}

export async function createAccountLink(
  ctx: StripeContext,
  input: { accountId: string; returnUrl: string; refreshUrl: string },
): Promise<{ url: string }> {
  const link = await call('start onboarding', () =>
    ctx.stripe.accountLinks.create({
      account: input.accountId,
      type: 'account_onboarding',
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
    }),
  );
  return { url: link.url };
}

export async function retrieveAccount(ctx: StripeContext, accountId: string): Promise<ConnectedAccount> {
  const account = await call('read the payout account', () => ctx.stripe.accounts.retrieve(accountId));
  return toConnectedAccount(account);
}

export async function createTransfer(ctx: StripeContext, input: CreateTransferInput): Promise<MoneyMovement> {
  const transfer = await call('send the transfer', () =>
    ctx.stripe.transfers.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        destination: input.accountId,
        transfer_group: input.transferGroup,
        ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
        description: input.description,
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
  return { id: transfer.id, amountCents: transfer.amount };
}

export async function findTransfer(ctx: StripeContext, transferGroup: string): Promise<MoneyMovement | null> {
  const page = await call('list transfers', () =>
    ctx.stripe.transfers.list({ transfer_group: transferGroup, limit: 1 }),
  );
  const transfer = page.data[0];
  return transfer ? { id: transfer.id, amountCents: transfer.amount } : null;
}

export async function createLoginLink(ctx: StripeContext, accountId: string): Promise<{ url: string }> {
  const link = await call('open the payout dashboard', () => ctx.stripe.accounts.createLoginLink(accountId));
  return { url: link.url };
}

/** A Checkout completion event names only the payment intent; its charge is read back when a transfer needs it. */
export async function findCharge(ctx: StripeContext, paymentIntentId: string): Promise<string | null> {
  const intent = await call('read the payment', () => ctx.stripe.paymentIntents.retrieve(paymentIntentId));
  const charge = intent.latest_charge;
  return typeof charge === 'string' ? charge : (charge?.id ?? null);
}
