// Dashboard figures. Read from gift_status_totals, which triggers keep in step with gifts inside the
// same transactions, so the answer is exact and costs ~80 rows whatever the number of gifts.
// Volumes count money that was actually paid: the total over every gift past checkout (pending gifts moved no
// money), and the amount delivered by claims.
import { sql } from 'drizzle-orm';
import { giftStatusTotals } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { formatCents } from '../../../shared/money.js';
import type { AdminStats } from '../../../shared/schemas/admin.js';
import { GIFT_STATUSES, type GiftStatus } from '../../../shared/statuses.js';

export async function giftStats(deps: Pick<ServiceDeps, 'db'>): Promise<AdminStats> {
  const rows = await deps.db
    .select({
      status: giftStatusTotals.status,
      gifts: sql<string>`sum(${giftStatusTotals.gifts})::text`,
      amountCents: sql<string>`sum(${giftStatusTotals.amountCents})::text`,
    })
    .from(giftStatusTotals)
    .groupBy(giftStatusTotals.status);
  const by = Object.fromEntries(GIFT_STATUSES.map((s) => [s, { gifts: 0, amountCents: 0 }])) as Record<
    GiftStatus,
    { gifts: number; amountCents: number }
  >;
  for (const r of rows) {
    if (r.status in by) by[r.status as GiftStatus] = { gifts: Number(r.gifts), amountCents: Number(r.amountCents) };
  }
  const paidVolume = GIFT_STATUSES.filter((s) => s !== 'pending').reduce((sum, s) => sum + by[s].amountCents, 0);
  return {
    total: GIFT_STATUSES.reduce((sum, s) => sum + by[s].gifts, 0),
    totalVolume: formatCents(paidVolume),
    claimed: by.claimed.gifts,
    claimedVolume: formatCents(by.claimed.amountCents),
    pending: by.pending.gifts,
    paid: by.paid.gifts,
    expired: by.expired.gifts,
    refunded: by.refunded.gifts,
    disputed: by.disputed.gifts,
  };
}
