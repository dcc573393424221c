// The sandbox: Connect. Accounts, transfers and links live in sandbox_* rows; account changes reach the app as
// payout_account_updated events, as a real provider's would.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { sandboxAccounts, sandboxTransfers } from '../../db/schema.js';
import { sha256 } from '../../crypto.js';
import { ProviderError, type ConnectedAccount, type CreateTransferInput, type MoneyMovement } from '../provider.js';
import type { SandboxOptions } from './provider.js';
import { preparedPerDb } from '../../db/prepared.js';

export type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;
export type SandboxAccountStatus = 'new' | 'verified' | 'needs_info' | 'pending';

/** How many details onboarding still asks for, per sandbox state. */
const PENDING_REQUIREMENTS: Record<SandboxAccountStatus, number> = { new: 6, needs_info: 2, pending: 0, verified: 0 };

/** The account as the app sees it: the answer of retrieveAccount and the body of payout_account_updated. */
export function sandboxAccountState(row: SandboxAccountRow): ConnectedAccount {
  const status = (row.status in PENDING_REQUIREMENTS ? row.status : 'new') as SandboxAccountStatus;
  return {
    id: row.id,
    transfersActive: status === 'verified',
    // Submitted details include an owner to sign in (a row from before the phone was asked has none).
    detailsSubmitted: status !== 'new' && row.phone !== null,
    requirementsPending: PENDING_REQUIREMENTS[status],
    verifying: status === 'pending',
    payoutLast4: row.payoutLast4,
  };
}

export async function getSandboxAccount(
  ctx: SandboxOptions,
  accountId: string,
): Promise<SandboxAccountRow | undefined> {
  const [row] = await ctx.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
  return row;
}

/** The idempotency key names the account, so a retried create answers the same account. */
export async function createConnectedAccount(
  ctx: SandboxOptions,
  input: { email: string; idempotencyKey: string },
): Promise<{ id: string }> {
  const id = `acct_sb_${sha256(input.idempotencyKey).slice(0, 20)}`;
  const now = ctx.clock.now();
  await ctx.db
    .insert(sandboxAccounts)
    .values({ id, email: input.email, status: 'new', createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  return { id };
}

export async function createAccountLink(
  ctx: SandboxOptions,
  input: { accountId: string; returnUrl: string; refreshUrl: string },
): Promise<{ url: string }> {
  if (!(await getSandboxAccount(ctx, input.accountId)))
    throw new ProviderError(`No such account: ${input.accountId}`, false);
  const query = new URLSearchParams({ return_url: input.returnUrl, refresh_url: input.refreshUrl });
  return { url: `${ctx.publicUrl}/sandbox/onboarding/${encodeURIComponent(input.accountId)}?${query}` };
}

export async function retrieveAccount(ctx: SandboxOptions, accountId: string): Promise<ConnectedAccount> {
  const row = await getSandboxAccount(ctx, accountId);
  if (!row) throw new ProviderError(`No such account: ${accountId}`, false);
  return sandboxAccountState(row);
}

/** One transfer per idempotency key, like Stripe: a repeated key answers the transfer already made. */
export async function createTransfer(ctx: SandboxOptions, input: CreateTransferInput): Promise<MoneyMovement> {
  const account = await getSandboxAccount(ctx, input.accountId);
  if (!account) throw new ProviderError(`No such destination account: ${input.accountId}`, false);
  if (account.status !== 'verified')
    throw new ProviderError('The destination account cannot receive transfers yet', false);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new ProviderError('Invalid transfer amount', false);
  await ctx.db
    .insert(sandboxTransfers)
    .values({
      id: `tr_sb_${randomBytes(12).toString('hex')}`,
      idempotencyKey: input.idempotencyKey,
      accountId: input.accountId,
      amountCents: input.amountCents,
      transferGroup: input.transferGroup,
      sourceTransaction: input.sourceTransaction ?? null,
      description: input.description,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(sandboxTransfers)
    .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
  if (row!.accountId !== input.accountId || row!.amountCents !== input.amountCents) {
    // Stripe refuses a reused key with different parameters.
    throw new ProviderError('Idempotency key reused with different parameters', false);
  }
  return { id: row!.id, amountCents: row!.amountCents };
}

/** Asked before every payout and refund attempt: prepared (db/prepared.ts). */
const transferByGroup = preparedPerDb((db) =>
  db
    .select({ id: sandboxTransfers.id, amountCents: sandboxTransfers.amountCents })
    .from(sandboxTransfers)
    .where(eq(sandboxTransfers.transferGroup, sql.placeholder('transferGroup')))
    .limit(1)
    .prepare('sandbox_transfer_by_group'),
);

export async function findTransfer(ctx: SandboxOptions, transferGroup: string): Promise<MoneyMovement | null> {
  const [row] = await transferByGroup(ctx.db).execute({ transferGroup });
  return row ?? null;
}

/** The dashboard's address; the page itself asks for the owner's code (owner-sign-in.ts), as Stripe's login does. */
export async function createLoginLink(ctx: SandboxOptions, accountId: string): Promise<{ url: string }> {
  const account = await getSandboxAccount(ctx, accountId);
  if (!account) throw new ProviderError(`No such account: ${accountId}`, false);
  // Like Stripe, which makes login links only for accounts that finished onboarding.
  if (!account.phone) throw new ProviderError('The account has not finished onboarding', false);
  return { url: `${ctx.publicUrl}/sandbox/dashboard/${encodeURIComponent(accountId)}` };
}

/** Sandbox payment events always carry their charge, so there is nothing to look up. */
export async function findCharge(_ctx: SandboxOptions, _paymentIntentId: string): Promise<string | null> {
  return null;
}
