// The risk rules (decision 024, docs/risk.md): pure decisions over what is known at payment and at claim. The
// limits come from configuration (config.ts RISK_*); evaluate-payment.ts and claim-check.ts gather the facts.
import { sql, type SQL } from 'drizzle-orm';
import type { RiskConfig } from '../../config.js';
import { gifts } from '../../db/schema.js';
import { normaliseEmail } from './payer-identity.js';

/** Why a gift is held: operators see these codes (and their labels), never a sender or recipient. */
export const RISK_REASONS = {
  velocity_count: 'More gifts from this payer in 24 hours than the limit',
  velocity_amount: 'More money from this payer in 24 hours than the limit',
  self_gift_email: "The recipient's e-mail is the payer's",
  self_gift_client: 'Claimed from the address the gift was paid from',
  provider_elevated: 'The payment provider rates the payment as elevated risk',
  provider_highest: 'The payment provider rates the payment as highest risk (refunded at once)',
  early_fraud_warning: "The card network's early fraud warning arrived before the payout (refunded at once)",
  payer_blocked: 'An operator blocked this payer (refunded at once)',
} as const;
export type RiskReason = keyof typeof RISK_REASONS;

/** The payer's other paid gifts within the velocity window. */
export interface PayerHistory {
  gifts: number;
  cents: number;
}

/** The provider's risk rating of the charge (Stripe outcome.risk_level); null when it gives none. */
export type ProviderRiskLevel = 'normal' | 'elevated' | 'highest' | null;

export interface PaymentFacts {
  amountCents: number;
  history: PayerHistory;
  payerEmail: string | null;
  recipientEmail: string | null;
  riskLevel: ProviderRiskLevel;
}

/** The reasons to hold a just-paid gift for review; none: it goes on as usual. */
export function paymentHoldReasons(facts: PaymentFacts, config: RiskConfig): RiskReason[] {
  const reasons: RiskReason[] = [];
  // Up to the limits passes; the gift that goes beyond either is held (this gift counts).
  if (facts.history.gifts + 1 > config.velocityGifts) reasons.push('velocity_count');
  // The amount limit is on what adds up: one gift alone, however large, is the large-gift rule's (3-D Secure and
  // a payout wait), not a hold.
  if (facts.history.gifts > 0 && facts.history.cents + facts.amountCents > config.velocityCents)
    reasons.push('velocity_amount');
  if (
    facts.payerEmail &&
    facts.recipientEmail &&
    normaliseEmail(facts.payerEmail) === normaliseEmail(facts.recipientEmail)
  )
    reasons.push('self_gift_email');
  if (facts.riskLevel === 'elevated') reasons.push('provider_elevated');
  return reasons;
}

/** A claim from the payment's own client address soon after payment is the payer claiming their own gift. */
export function claimHoldReason(
  facts: { paidAt: Date | null; now: Date; sameClient: boolean },
  config: RiskConfig,
): RiskReason | null {
  if (config.sameClientClaimMs <= 0 || !facts.sameClient || !facts.paidAt) return null;
  return facts.now.getTime() - facts.paidAt.getTime() <= config.sameClientClaimMs ? 'self_gift_client' : null;
}

/** Stripe's levels (plus the sandbox's, which uses the same words); anything else counts as none. */
export function providerRiskLevel(value: unknown): ProviderRiskLevel {
  return value === 'normal' || value === 'elevated' || value === 'highest' ? value : null;
}

/** A large gift: its checkout asks 3-D Secure, and its payout waits (payoutWaitUntil). */
export function isLargeGift(config: Pick<RiskConfig, 'largeGiftCents'>, amountCents: number): boolean {
  return amountCents >= config.largeGiftCents;
}

/** SQL: the gift is past its large-gift wait (or has none): payoutWaitUntil as a condition on the row. */
export function pastPayoutWait(config: Pick<RiskConfig, 'largeGiftCents' | 'largeGiftWaitMs'>, now: Date): SQL {
  const paidBefore = new Date(now.getTime() - config.largeGiftWaitMs).toISOString();
  return config.largeGiftWaitMs <= 0
    ? sql`true`
    : sql`not (${gifts.amountCents} >= ${config.largeGiftCents} and ${gifts.paidAt} > ${paidBefore}::timestamptz)`;
}

/** When a paid gift may be paid out at the earliest: a large gift waits after its payment; null: no wait. */
export function payoutWaitUntil(
  config: Pick<RiskConfig, 'largeGiftCents' | 'largeGiftWaitMs'>,
  gift: { amountCents: number; paidAt: Date | null },
): Date | null {
  if (!isLargeGift(config, gift.amountCents) || !gift.paidAt || config.largeGiftWaitMs <= 0) return null;
  return new Date(gift.paidAt.getTime() + config.largeGiftWaitMs);
}
