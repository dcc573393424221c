// A paid gift's provider references (gift_payments, decision 019): the payment intent and the charge, written
// with the move to paid (events/checkout-events.ts) and read by what the provider's events name.
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { giftPayments, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';

/** The payment references as read with a gift (left join on gift_payments: null before it was paid). */
export const paymentColumns = { paymentIntentId: giftPayments.paymentIntentId, chargeId: giftPayments.chargeId };
export type GiftPaymentFields = Pick<typeof giftPayments.$inferSelect, keyof typeof paymentColumns>;

/**
 * The gift paid by this payment or charge, as a condition on gifts (each reference has its index); undefined when
 * the event names neither.
 */
export function paidBy(refs: { paymentRef?: string | null; chargeRef?: string | null }): SQL | undefined {
  const p = giftPayments;
  const match = [
    refs.paymentRef ? eq(p.paymentIntentId, refs.paymentRef) : undefined,
    refs.chargeRef ? eq(p.chargeId, refs.chargeRef) : undefined,
  ].filter((m) => m !== undefined);
  if (match.length === 0) return undefined;
  return sql`${gifts.id} in (select ${p.giftId} from ${p} where ${or(...match)})`;
}

/** Records the provider's references of the gift's payment: after its move to paid, in that transaction. */
export async function writePayment(
  tx: DbOrTx,
  giftId: number,
  refs: { paymentIntentId: string | null; chargeId: string | null },
): Promise<void> {
  if (!refs.paymentIntentId && !refs.chargeId) return;
  await tx
    .insert(giftPayments)
    .values({ giftId, ...refs })
    .onConflictDoUpdate({ target: giftPayments.giftId, set: refs });
}
