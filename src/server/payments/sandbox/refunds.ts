// The sandbox: refunds, recorded in sandbox_refunds. Like Stripe, a repeated idempotency key answers the refund
// made the first time (and refuses the key reused with different parameters).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sandboxRefunds } from '../../db/schema.js';
import { ProviderError, type CreateRefundInput, type MoneyMovement } from '../provider.js';
import type { SandboxOptions } from './provider.js';

export async function createRefund(ctx: SandboxOptions, input: CreateRefundInput): Promise<MoneyMovement> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new ProviderError('The refund amount must be a positive number of cents', false);
  }
  const [created] = await ctx.db
    .insert(sandboxRefunds)
    .values({
      id: `re_sandbox_${randomBytes(12).toString('base64url')}`,
      idempotencyKey: input.idempotencyKey,
      paymentIntentId: input.paymentIntentId,
      amountCents: input.amountCents,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
    .returning();
  if (created) return { id: created.id, amountCents: created.amountCents };
  const [row] = await ctx.db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
  if (!row) throw new ProviderError('The sandbox could not record the refund');
  if (row.paymentIntentId !== input.paymentIntentId || row.amountCents !== input.amountCents) {
    throw new ProviderError(
      'Keys for idempotent requests can only be used with the same parameters they were first used with',
      false,
    );
  }
  return { id: row.id, amountCents: row.amountCents };
}

export async function findRefund(
  ctx: SandboxOptions,
  paymentIntentId: string,
  idempotencyKey: string,
): Promise<MoneyMovement | null> {
  const [row] = await ctx.db
    .select()
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.paymentIntentId, paymentIntentId), eq(sandboxRefunds.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ? { id: row.id, amountCents: row.amountCents } : null;
}
