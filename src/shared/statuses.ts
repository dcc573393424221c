export const GIFT_STATUSES = ['pending', 'paid', 'claimed', 'expired', 'refunded', 'disputed'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export function isGiftStatus(value: unknown): value is GiftStatus {
  return typeof value === 'string' && (GIFT_STATUSES as readonly string[]).includes(value);
}

/** "paid" → "Paid": how statuses are displayed. */
export function statusLabel(status: GiftStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Badge colours: pending yellow, paid blue, claimed green, expired red, refunded gray, disputed (a card dispute lost) purple. */
export const STATUS_BADGE_CLASS: Record<GiftStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  paid: 'bg-blue-100 text-blue-900',
  claimed: 'bg-green-100 text-green-900',
  expired: 'bg-red-100 text-red-900',
  refunded: 'bg-gray-200 text-gray-900',
  disputed: 'bg-purple-100 text-purple-900',
};

/** Onboarding states reported by the status call. */
export const ONBOARDING_STATUSES = ['completed', 'transfer_pending', 'setup_required', 'verifying'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
