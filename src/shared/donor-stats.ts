// The four stat cards of the donor overview, computed from the gift history in cents.
import type { DonorGift } from './schemas/donor.js';
import { parseMoney, type Cents } from './money.js';

export interface DonorStats {
  /** Gifts paid for, whatever happened next. */
  totalGifts: number;
  totalAmountCents: Cents;
  claimedGifts: number;
  /** What recipients actually received: claimed gifts only. */
  deliveredCents: Cents;
}

export function donorStats(gifts: readonly DonorGift[]): DonorStats {
  const stats: DonorStats = { totalGifts: 0, totalAmountCents: 0, claimedGifts: 0, deliveredCents: 0 };
  for (const gift of gifts) {
    if (gift.status === 'pending') continue;
    stats.totalGifts++;
    stats.totalAmountCents += parseMoney(gift.amount) ?? 0;
    if (gift.status === 'claimed') {
      stats.claimedGifts++;
      stats.deliveredCents += parseMoney(gift.recipientGets) ?? 0;
    }
  }
  return stats;
}
