// The dashboard's risk figures (decision 024): gifts held now, reviews approved and rejected in 30 days, and the
// dispute rate (gifts paid in 90 days with a dispute open or ever debited, won or lost, over those gifts) with a warning above 0.5%: card networks treat about
// 0.75% as excessive, and a platform above it loses its card processing.
import { and, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { giftDisputes, gifts, ledgerMovements, riskReviews } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { DAY } from '../../clock.js';
import { DISPUTE_RATE_WARNING_PERCENT, type RiskFigures } from '../../../shared/schemas/admin-risk.js';

const count = sql<number>`count(*)::int`.mapWith(Number);

export async function riskFigures(deps: Pick<ServiceDeps, 'db' | 'clock'>): Promise<RiskFigures> {
  const now = deps.clock.now().getTime();
  const since30 = new Date(now - 30 * DAY);
  const since90 = new Date(now - 90 * DAY);
  const [held] = await deps.db
    .select({ n: count })
    .from(riskReviews)
    .innerJoin(gifts, sql`${gifts.id} = ${riskReviews.giftId}`)
    .where(and(isNull(riskReviews.decision), inArray(gifts.state, ['paid', 'claim_started'])));
  const [decided] = await deps.db
    .select({
      approved: sql<number>`(count(*) filter (where ${riskReviews.decision} = 'approved'))::int`.mapWith(Number),
      rejected: sql<number>`(count(*) filter (where ${riskReviews.decision} = 'rejected'))::int`.mapWith(Number),
    })
    .from(riskReviews)
    .where(and(isNotNull(riskReviews.decidedAt), gte(riskReviews.decidedAt, since30)));
  const [rate] = await deps.db
    .select({
      paid: count,
      disputed:
        sql<number>`(count(*) filter (where exists (select 1 from ${giftDisputes} d where d.gift_id = ${gifts.id} and (d.dispute_opened_at is not null or d.disputed_at is not null)) or exists (select 1 from ${ledgerMovements} m where m.gift_id = ${gifts.id} and m.kind = 'dispute_debit')))::int`.mapWith(
          Number,
        ),
    })
    .from(gifts)
    .where(gte(gifts.paidAt, since90));
  const percent = rate && rate.paid > 0 ? (rate.disputed / rate.paid) * 100 : 0;
  return {
    heldNow: held?.n ?? 0,
    approved30d: decided?.approved ?? 0,
    rejected30d: decided?.rejected ?? 0,
    disputeRatePercent: percent.toFixed(2),
    disputeRateWarning: percent > DISPUTE_RATE_WARNING_PERCENT,
  };
}
