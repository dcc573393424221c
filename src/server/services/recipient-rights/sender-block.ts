// The payment's side of "stop this sender" (issue 25 point 4): whether the recipient of a gift being paid stopped
// this payer, by any one of the payer's person keys (the checkout e-mail's or the card's: one card under a new
// e-mail is still the same sender). Called by the risk rules at payment (risk/evaluate-payment.ts), which refund
// such a gift whole at once and tell its recipient nothing. The refund e-mail reads senderStoppedRefund().
import { and, eq, or, sql } from 'drizzle-orm';
import { gifts, senderStopRefunds, senderStops } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { PayerIdentity } from '../risk/payer-identity.js';
import { addressDigest } from './address-links.js';
import { personKeys } from './payer-identity.js';

export async function isStoppedSender(
  db: DbOrTx,
  secret: string,
  recipientEmail: string | null,
  identity: PayerIdentity,
): Promise<boolean> {
  const keys = personKeys(identity);
  if (!recipientEmail || keys.length === 0) return false;
  const [stop] = await db
    .select({ id: senderStops.id })
    .from(senderStops)
    .where(
      and(
        eq(senderStops.addressDigest, addressDigest(secret, recipientEmail)),
        or(...keys.map((key) => sql`${senderStops.payerKeys} @> ${JSON.stringify([key])}::jsonb`)),
      ),
    )
    .limit(1);
  return Boolean(stop);
}

/** Marks the gift as refunded for its recipient's stop, in the payment's transaction. */
export async function recordSenderStopRefund(db: DbOrTx, giftId: number, now: Date): Promise<void> {
  await db.insert(senderStopRefunds).values({ giftId, refundedAt: now }).onConflictDoNothing();
}

/** The gift was refunded because its recipient stopped its sender (for the refund e-mail, ledger/settle.ts). */
export const senderStoppedRefund = () =>
  sql<boolean>`exists (select 1 from ${senderStopRefunds} where ${senderStopRefunds.giftId} = ${gifts.id})`;
