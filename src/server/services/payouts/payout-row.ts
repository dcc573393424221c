// A gift's payout lives apart from the gift (gift_payouts, decision 019), as its payment references do.
// Every write of them follows the gift's own move or lock in the same transaction: the gift row orders the
// writers (of racing moves exactly one wins), and the row it leads to is written once, by the winner.
import { and, eq, exists, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import { giftPayments, giftPayouts, gifts } from '../../db/schema.js';
import { paymentColumns, type GiftPaymentFields } from '../gifts/payment-refs.js';
import { disputeOpenedAt } from '../gifts/money-undecided.js';
import type { DbOrTx } from '../../db/client.js';

type PayoutSet = Partial<Omit<typeof giftPayouts.$inferInsert, 'giftId'>>;

/**
 * Writes these columns of the gifts' payout rows (one upsert, the row made when missing). Call it after the move
 * or lock that allows the write, in its transaction. Answers the rows as they are after it.
 */
export function writePayout(db: DbOrTx, giftIds: number | readonly number[], set: PayoutSet) {
  const ids = typeof giftIds === 'number' ? [giftIds] : [...giftIds];
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .insert(giftPayouts)
    .values(ids.map((giftId) => ({ giftId, ...set })))
    .onConflictDoUpdate({ target: giftPayouts.giftId, set })
    .returning();
}

/**
 * The payout job looks at the gift no more: it was refunded or lost to a dispute instead of paid out. Its payout
 * row leaves the job's due index (which cannot read the gift's state). Call it after that move, in its transaction.
 */
export async function stopPayoutLooks(tx: DbOrTx, giftId: number): Promise<void> {
  await tx
    .update(giftPayouts)
    .set({ reconcileAfter: null })
    .where(and(eq(giftPayouts.giftId, giftId), isNotNull(giftPayouts.reconcileAfter)));
}

/** The gift's payout is bound to this account (a condition on gifts, for a move). */
export const boundToAccount = (accountId: string) =>
  exists(
    sql`(select 1 from ${giftPayouts} where ${and(eq(giftPayouts.giftId, gifts.id), eq(giftPayouts.recipientAccountId, accountId))})`,
  );

/** The gift's transfer started (a condition on gifts): set once, never undone. */
export const transferStarted = () =>
  exists(
    sql`(select 1 from ${giftPayouts} where ${giftPayouts.giftId} = ${gifts.id} and ${giftPayouts.transferStartedAt} is not null)`,
  );

/** Payout rows bound to this account with no transfer started (gift_payouts_account_idx). */
export const boundNotPaidOut = (accountId: string) =>
  and(eq(giftPayouts.recipientAccountId, accountId), isNull(giftPayouts.transferStartedAt));

/** The payout columns as read with a gift (left join on gift_payouts: null before its claim started). */
export const payoutColumns = {
  recipientAccountId: giftPayouts.recipientAccountId,
  transferStartedAt: giftPayouts.transferStartedAt,
  transferId: giftPayouts.transferId,
  claimedAt: giftPayouts.claimedAt,
};

export type GiftPayoutFields = Pick<typeof giftPayouts.$inferSelect, keyof typeof payoutColumns>;
/** A gift's row with its payout. */
export type GiftWithPayout = typeof gifts.$inferSelect & GiftPayoutFields;
/** A gift's row with its payout and payment references, and since when a card dispute is open on it (or null). */
export type GiftWithMoney = typeof gifts.$inferSelect &
  GiftPayoutFields &
  GiftPaymentFields & { disputeOpenedAt: Date | null };

/**
 * Selects gifts with their payout and payment references and open dispute (gift_disputes); add the where (and
 * `.for('update', { of: gifts })`).
 */
export function selectGiftsWithMoney(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(gifts), ...payoutColumns, ...paymentColumns, disputeOpenedAt: disputeOpenedAt() })
    .from(gifts)
    .leftJoin(giftPayouts, eq(giftPayouts.giftId, gifts.id))
    .leftJoin(giftPayments, eq(giftPayments.giftId, gifts.id));
}
