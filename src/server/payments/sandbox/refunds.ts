// The sandbox: refunds, recorded in sandbox_refunds. Like Stripe, a repeated idempotency key answers the refund
// made the first time (and refuses the key reused with different parameters); a new refund is refused beyond
// what is left of the payment, or while a dispute of it is open.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { sandboxCheckouts, sandboxDisputes, sandboxRefunds } from '../../db/schema.js';
import { ProviderError, type CreateRefundInput, type MoneyMovement } from '../provider.js';
import type { SandboxOptions } from './provider.js';
import { preparedPerDb } from '../../db/prepared.js';

type Ctx = Pick<SandboxOptions, 'db' | 'clock'>;

/** What a sandbox payment can still give back, and whether a dispute of it is open (null: not a sandbox payment). */
export async function refundable(
  ctx: Ctx,
  paymentIntentId: string,
): Promise<{ left: number; disputed: boolean } | null> {
  const [row] = await ctx.db
    .select({
      total: sandboxCheckouts.totalCents,
      refunded:
        sql<number>`(select coalesce(sum(${sandboxRefunds.amountCents}), 0) from ${sandboxRefunds} where ${sandboxRefunds.paymentIntentId} = ${paymentIntentId})::int`.mapWith(
          Number,
        ),
      disputed: sql<boolean>`exists (select 1 from ${sandboxDisputes} where ${sandboxDisputes.paymentIntentId} = ${paymentIntentId} and ${sandboxDisputes.status} = 'open')`,
    })
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.paymentIntentId, paymentIntentId));
  return row ? { left: row.total - row.refunded, disputed: row.disputed } : null;
}

async function byKey(ctx: Ctx, input: CreateRefundInput): Promise<MoneyMovement | null> {
  const [row] = await ctx.db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
  if (!row) return null;
  if (row.paymentIntentId !== input.paymentIntentId || row.amountCents !== input.amountCents) {
    throw new ProviderError(
      'Keys for idempotent requests can only be used with the same parameters they were first used with',
      false,
    );
  }
  return { id: row.id, amountCents: row.amountCents };
}

/**
 * The usual refund in one statement: a new key, a sandbox payment with enough left and no open dispute. Answers
 * null for anything else (a repeated key, a refusal, not a sandbox payment), which createRefund then sorts out.
 */
async function refundAtOnce(ctx: Ctx, input: CreateRefundInput, id: string): Promise<MoneyMovement | null> {
  const pi = input.paymentIntentId;
  const result = await ctx.db.execute(sql`
    insert into ${sandboxRefunds} (id, idempotency_key, payment_intent_id, amount_cents, created_at)
    select ${id}, ${input.idempotencyKey}, ${pi}, ${input.amountCents}, ${ctx.clock.now().toISOString()}::timestamptz
    where exists (
        select 1 from ${sandboxCheckouts} c where c.payment_intent_id = ${pi} and c.total_cents
          - (select coalesce(sum(r.amount_cents), 0) from ${sandboxRefunds} r where r.payment_intent_id = ${pi})
          >= ${input.amountCents})
      and not exists (select 1 from ${sandboxDisputes} d where d.payment_intent_id = ${pi} and d.status = 'open')
    on conflict (idempotency_key) do nothing
    returning id, amount_cents`);
  // Both drivers (node-postgres, PGlite) answer { rows }.
  const [row] = (result as { rows: Array<{ id: string; amount_cents: number }> }).rows;
  return row ? { id: row.id, amountCents: Number(row.amount_cents) } : null;
}

export async function createRefund(ctx: Ctx, input: CreateRefundInput): Promise<MoneyMovement> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new ProviderError('The refund amount must be a positive number of cents', false);
  }
  const id = `re_sandbox_${randomBytes(12).toString('base64url')}`;
  const atOnce = await refundAtOnce(ctx, input, id);
  if (atOnce) return atOnce;
  // Not made at once: a repeated key answers its refund (or refuses the key's reuse), anything else is checked.
  const made = await byKey(ctx, input);
  if (made) return made;
  const payment = await refundable(ctx, input.paymentIntentId);
  if (payment?.disputed) throw new ProviderError('This payment is disputed: it cannot be refunded', false);
  if (payment && input.amountCents > payment.left)
    throw new ProviderError(
      `Refund amount (${input.amountCents} cents) is greater than the unrefunded amount of the payment (${payment.left} cents)`,
      false,
    );
  const [created] = await ctx.db
    .insert(sandboxRefunds)
    .values({
      id,
      idempotencyKey: input.idempotencyKey,
      paymentIntentId: input.paymentIntentId,
      amountCents: input.amountCents,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
    .returning();
  if (created) return { id: created.id, amountCents: created.amountCents };
  const raced = await byKey(ctx, input);
  if (!raced) throw new ProviderError('The sandbox could not record the refund');
  return raced;
}

/** Asked before every refund attempt: prepared (db/prepared.ts). */
const refundByKey = preparedPerDb((db) =>
  db
    .select({ id: sandboxRefunds.id, amountCents: sandboxRefunds.amountCents })
    .from(sandboxRefunds)
    .where(
      and(
        eq(sandboxRefunds.paymentIntentId, sql.placeholder('paymentIntentId')),
        eq(sandboxRefunds.idempotencyKey, sql.placeholder('idempotencyKey')),
      ),
    )
    .limit(1)
    .prepare('sandbox_refund_by_key'),
);

export async function findRefund(
  ctx: Ctx,
  paymentIntentId: string,
  idempotencyKey: string,
): Promise<MoneyMovement | null> {
  const [row] = await refundByKey(ctx.db).execute({ paymentIntentId, idempotencyKey });
  return row ?? null;
}
