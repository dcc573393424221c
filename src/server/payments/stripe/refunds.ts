// The Stripe adapter: refunds of the gift amount against the gift's payment intent (the fee and tip are kept),
// with the gift's idempotency key so a retry never refunds twice.
import type Stripe from 'stripe';
import { ProviderError, type CreateRefundInput, type MoneyMovement } from '../provider.js';
import type { StripeContext } from './provider.js';
import { GIFT_PUBLIC_ID_METADATA, MOVEMENT_KEY_METADATA } from '../metadata.js';

const FAILED = new Set(['failed', 'canceled']);

function providerError(action: string, error: unknown): ProviderError {
  const e = error as { message?: string; type?: string; statusCode?: number };
  // Bad requests (4xx other than rate limits) will fail the same way again; network and 5xx errors may not.
  const retryable = !(e.statusCode && e.statusCode >= 400 && e.statusCode < 500 && e.statusCode !== 429);
  return new ProviderError(`Stripe could not ${action}: ${e.message ?? String(error)}`, retryable);
}

export async function createRefund(ctx: StripeContext, input: CreateRefundInput): Promise<MoneyMovement> {
  let refund: Stripe.Refund;
  try {
    refund = await ctx.stripe.refunds.create(
      { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: input.metadata },
      { idempotencyKey: input.idempotencyKey },
    );
  } catch (error) {
    throw providerError('refund the payment', error);
  }
  if (refund.status && FAILED.has(refund.status)) {
    throw new ProviderError(`Stripe refund ${refund.id} is ${refund.status}`, false);
  }
  return { id: refund.id, amountCents: refund.amount };
}

/**
 * The refund Hushgift made under this key: its key is in the refund's metadata. Refunds from before keys were
 * put there carry only the gift's public id; a refund with neither was made in the dashboard and is not ours.
 */
export async function findRefund(
  ctx: StripeContext,
  paymentIntentId: string,
  idempotencyKey: string,
): Promise<MoneyMovement | null> {
  let list: Stripe.ApiList<Stripe.Refund>;
  try {
    list = await ctx.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
  } catch (error) {
    throw providerError('list refunds', error);
  }
  const live = list.data.filter((r) => !r.status || !FAILED.has(r.status));
  const refund =
    live.find((r) => r.metadata?.[MOVEMENT_KEY_METADATA] === idempotencyKey) ??
    live.find((r) => !r.metadata?.[MOVEMENT_KEY_METADATA] && r.metadata?.[GIFT_PUBLIC_ID_METADATA]);
  return refund ? { id: refund.id, amountCents: refund.amount } : null;
}
