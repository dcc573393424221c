// A gift held for review (decision 024): a hold beside the state, as an open card dispute is (decision 019). The
// gift is paid and may be claimed; the move to transferring requires no open review, so nothing is paid out
// until an operator approves. The money stays with the platform (owed_to_recipients) meanwhile.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { gifts, riskReviews } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { RiskReason } from './rules.js';

/** No open review on the gift: a condition of the payout's move (payouts/pay-out.ts) and of the payout job. */
export const noRiskHold = () =>
  sql`not exists (select 1 from ${riskReviews} where ${riskReviews.giftId} = ${gifts.id} and ${riskReviews.decision} is null)`;

/**
 * Holds the gift for review with these reasons; a gift already held gets the new reasons added (a review already
 * decided stays decided: an approved gift is not held again by a later claim).
 */
export async function holdGift(tx: DbOrTx, giftId: number, reasons: RiskReason[], now: Date): Promise<void> {
  if (reasons.length === 0) return;
  await tx
    .insert(riskReviews)
    .values({ giftId, reasons, heldAt: now })
    .onConflictDoUpdate({
      target: riskReviews.giftId,
      set: {
        reasons: sql`(select coalesce(jsonb_agg(distinct r), '[]'::jsonb) from jsonb_array_elements_text(${riskReviews.reasons} || excluded.reasons) r)`,
      },
      where: isNull(riskReviews.decision),
    });
}

export type ReviewState = 'held' | 'approved' | 'rejected' | null;

/** Whether the gift is held, was approved or rejected, or never reviewed (null). */
export async function reviewState(db: DbOrTx, giftId: number): Promise<ReviewState> {
  const [row] = await db
    .select({ decision: riskReviews.decision })
    .from(riskReviews)
    .where(and(eq(riskReviews.giftId, giftId)));
  if (!row) return null;
  return row.decision ?? 'held';
}
