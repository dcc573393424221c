// Finds a gift by its claim token. Only the token's SHA-256 is stored, so the lookup hashes the token first.
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import { selectGiftsWithMoney, type GiftWithMoney } from '../payouts/payout-row.js';
import type { DbOrTx } from '../../db/client.js';
import { sha256 } from '../../crypto.js';
import { notFound } from '../../errors.js';
import { claimTokenMatches } from '../gifts/gift-links.js';
import { CLAIM_MESSAGES, CLAIM_TOKEN_PATTERN, type ClaimToken } from '../../../shared/schemas/claim.js';

/** The gift with its payout and payment references (gift_payouts, gift_payments). */
export type GiftRow = GiftWithMoney;

/** Hash of a well-formed token, or null for anything that cannot be a token (no database round trip). */
export function claimTokenHash(token: string): string | null {
  return CLAIM_TOKEN_PATTERN.test(token) ? checkedTokenHash(token as ClaimToken) : null;
}

/** Hash of a token its route's schema has checked: the claim lookup, the hottest call, tests its shape once. */
export const checkedTokenHash = (token: ClaimToken): string => sha256(token);

export async function requireGiftByToken(db: DbOrTx, token: string): Promise<GiftRow> {
  const hash = claimTokenHash(token);
  const [gift] = hash ? await selectGiftsWithMoney(db).where(claimTokenMatches(hash)) : [];
  if (!gift) throw notFound(CLAIM_MESSAGES.notFound);
  return gift;
}

export async function loadGift(db: DbOrTx, giftId: number): Promise<GiftRow | undefined> {
  const [gift] = await selectGiftsWithMoney(db).where(eq(gifts.id, giftId));
  return gift;
}

/** Where the recipient returns after onboarding: the claim page, which then runs the completion check. */
export function claimReturnUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/claim/${token}?return=true`;
}

/** The server route that mints a fresh onboarding link, so an old or expired link can always be resumed. */
export function onboardingRefreshUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/gifts/claim/${token}/onboarding`;
}

/**
 * Whether a claim may start or go on (decision 012): before expires_at, or after it only for a claim started
 * before it (the expiry job gives those ONBOARDING_GRACE_DAYS more). Past expires_at nothing new can start, even
 * before the expiry job has run.
 */
export function withinClaimWindow(gift: Pick<GiftRow, 'expiresAt' | 'claimStartedAt'>, now: Date): boolean {
  if (!gift.expiresAt) return false;
  return gift.expiresAt > now || (gift.claimStartedAt !== null && gift.claimStartedAt < gift.expiresAt);
}

/** withinClaimWindow as a condition for conditional updates. */
export const withinClaimWindowSql = (now: Date) =>
  or(gt(gifts.expiresAt, now), and(lt(gifts.claimStartedAt, gifts.expiresAt)));
