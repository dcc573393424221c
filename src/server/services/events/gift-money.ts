// What the provider's money events share: the gift a payment event names (locked for the event's transaction)
// and the gift's ledger figures.
import { eq, sql } from 'drizzle-orm';
import { gifts, ledgerMovements } from '../../db/schema.js';
import { paidBy } from '../gifts/payment-refs.js';
import { selectGiftsWithMoney, type GiftWithMoney } from '../payouts/payout-row.js';
import type { Db, Tx } from '../../db/client.js';
import { accountBalance, kindTotal } from '../ledger/balances.js';

export type GiftRow = GiftWithMoney;

/** The gift paid by this payment or charge, locked until the event's transaction ends; undefined when none. */
export async function lockGiftByPayment(
  tx: Tx,
  refs: { paymentRef: string | null; chargeRef: string | null },
): Promise<GiftRow | undefined> {
  const match = paidBy(refs);
  if (!match) return undefined;
  const [gift] = await selectGiftsWithMoney(tx).where(match).for('update', { of: gifts });
  return gift;
}

/** A gift's balances from its succeeded movements. */
export async function giftFigures(tx: Db | Tx, giftId: number) {
  const [figures] = await tx
    .select({
      owed: accountBalance('owed_to_recipients'),
      fees: accountBalance('fee_revenue'),
      tips: accountBalance('tip_revenue'),
      refunded: kindTotal('refund'),
      transferred: kindTotal('transfer'),
      reversed: kindTotal('reversal'),
      refundedOutside:
        sql<number>`coalesce(sum(${ledgerMovements.amountCents}) filter (where ${ledgerMovements.state} = 'succeeded' and ${ledgerMovements.kind} = 'refund' and ${ledgerMovements.origin} = 'provider'), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(ledgerMovements)
    .where(eq(ledgerMovements.giftId, giftId));
  return figures!;
}

/**
 * Splits an amount across what a gift's accounts still hold, in order (e.g. owed to the recipient, then the fee,
 * then the tip); answers the parts taken and what none of them could cover.
 */
export function takeInOrder<A extends string>(
  amount: number,
  available: ReadonlyArray<readonly [A, number]>,
): { parts: Array<[A, number]>; beyond: number } {
  let left = amount;
  const parts: Array<[A, number]> = [];
  for (const [account, held] of available) {
    const part = Math.min(left, Math.max(0, held));
    if (part > 0) parts.push([account, part]);
    left -= part;
  }
  return { parts, beyond: left };
}
