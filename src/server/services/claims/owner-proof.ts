// The proof that the person claiming this gift owns an existing payout account (decision 021). The claim opens the
// provider's own sign-in to that account (createOwnerSignIn) with a return URL carrying a single-use nonce of 32
// random bytes; only its SHA-256 is stored, bound to this gift, this claim session and that account. The claimant
// learns the nonce only when the provider sends them back after its sign-in. The proof is accepted once, within
// OWNER_PROOF_TTL_MS, in the same claim session; then the gift is bound to the account and the completion check
// pays it there (no second identity check: the account's owner already passed the provider's).
import { and, eq, gt, isNull } from 'drizzle-orm';
import { payoutOwnerProofs } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { randomToken, sha256 } from '../../crypto.js';
import { badRequest } from '../../errors.js';
import { MINUTE } from '../../clock.js';
import { claimReturnUrl, onboardingRefreshUrl, requireGiftByToken } from './find-gift.js';
import { claimSessionHash, type ClaimSessionCookies } from './claim-session.js';
import { bindAccount } from './recipient-account.js';

export const OWNER_PROOF_TTL_MS = 15 * MINUTE;
/** A nonce is 32 random bytes, base64url; anything else is refused without a database round trip. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const OWNER_PROOF_REFUSED =
  'This sign-in link was already used, has expired or belongs to another visit. Open your claim link and sign in to your payout account again.';

export const ownerProofUrl = (publicUrl: string, token: string, nonce: string) =>
  `${publicUrl}/api/gifts/claim/${token}/owner-proof?proof=${nonce}`;

/** Starts the owner's sign-in to `accountId` for this gift and claim session; answers the provider's page. */
export async function ownerSignInUrl(
  deps: ServiceDeps,
  token: string,
  gift: { id: number },
  sessionHash: string,
  accountId: string,
): Promise<string> {
  const signIn = deps.payments.createOwnerSignIn?.bind(deps.payments);
  if (!signIn) throw new Error('the payment provider offers no owner sign-in (accountToProve answers none)');
  const nonce = randomToken(32);
  const now = deps.clock.now();
  await deps.db.insert(payoutOwnerProofs).values({
    giftId: gift.id,
    sessionHash,
    providerAccountId: accountId,
    nonceHash: sha256(nonce),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OWNER_PROOF_TTL_MS),
  });
  const { publicUrl } = deps.config;
  const link = await signIn({
    accountId,
    returnUrl: ownerProofUrl(publicUrl, token, nonce),
    refreshUrl: onboardingRefreshUrl(publicUrl, token),
  });
  return link.url;
}

/**
 * The provider's return after the owner's sign-in: takes the nonce once (a replay, a forged or expired nonce, one
 * from another claim session or gift is refused with 400) and binds the gift to the proven account while no
 * transfer or refund has started. Answers where the browser goes next: the claim page's completion check.
 */
export async function acceptOwnerProof(
  deps: ServiceDeps,
  token: string,
  nonce: string | undefined,
  cookies: ClaimSessionCookies,
): Promise<string> {
  if (!nonce || !NONCE_PATTERN.test(nonce)) throw badRequest(OWNER_PROOF_REFUSED, 'OWNER_PROOF_REFUSED');
  const gift = await requireGiftByToken(deps.db, token).catch(() => null);
  const sessionHash = gift && (await claimSessionHash(deps, gift, cookies));
  if (!gift || !sessionHash) throw badRequest(OWNER_PROOF_REFUSED, 'OWNER_PROOF_REFUSED');
  const now = deps.clock.now();
  // One conditional update takes the nonce: of parallel returns with it, exactly one gets the row.
  const [proof] = await deps.db
    .update(payoutOwnerProofs)
    .set({ usedAt: now })
    .where(
      and(
        eq(payoutOwnerProofs.nonceHash, sha256(nonce)),
        eq(payoutOwnerProofs.giftId, gift.id),
        eq(payoutOwnerProofs.sessionHash, sessionHash),
        isNull(payoutOwnerProofs.usedAt),
        gt(payoutOwnerProofs.expiresAt, now),
      ),
    )
    .returning();
  if (!proof) throw badRequest(OWNER_PROOF_REFUSED, 'OWNER_PROOF_REFUSED');
  await bindAccount(deps, gift.id, proof.providerAccountId);
  return claimReturnUrl(deps.config.publicUrl, token);
}
