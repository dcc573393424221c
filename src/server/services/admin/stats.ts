// Dashboard figures (spec §3) in one aggregate pass. Volumes count money that was actually paid: the total over
// every gift past checkout (pending gifts moved no money), and the amount delivered by claims.
import { sql } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { formatCents } from '../../../shared/money.js';
import type { AdminStats } from '../../../shared/schemas/admin.js';

export async function giftStats(deps: Pick<ServiceDeps, 'db'>): Promise<AdminStats> {
  const count = (status: string) => sql<number>`(count(*) filter (where ${gifts.status} = ${status}))::int`;
  const [row] = await deps.db
    .select({
      total: sql<number>`count(*)::int`,
      totalVolume: sql<string>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.status} <> 'pending'), 0)::text`,
      claimedVolume: sql<string>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.status} = 'claimed'), 0)::text`,
      claimed: count('claimed'),
      pending: count('pending'),
      paid: count('paid'),
      expired: count('expired'),
      refunded: count('refunded'),
    })
    .from(gifts);
  const r = row!;
  return {
    total: Number(r.total),
    totalVolume: formatCents(Number(r.totalVolume)),
    claimed: Number(r.claimed),
    claimedVolume: formatCents(Number(r.claimedVolume)),
    pending: Number(r.pending),
    paid: Number(r.paid),
    expired: Number(r.expired),
    refunded: Number(r.refunded),
  };
}
