// POST /api/gifts/claim/:token/new-account, "Use a different account" (decision 021): in the gift's claim session,
// the gift gets a payout account of its own (a new one, or its own one whose onboarding is still open) and the
// claimant goes to its onboarding. Not once a transfer or refund has started: the money is then decided.
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { CLAIM_MESSAGES } from '../../../shared/schemas/claim.js';
import { requireGiftByToken } from './find-gift.js';
import { holdsClaimSession, type ClaimSessionCookies } from './claim-session.js';
import { bindNewAccount } from './recipient-account.js';
import { onboardingUrl } from './onboarding-link.js';

export async function useDifferentAccount(
  deps: ServiceDeps,
  token: string,
  cookies: ClaimSessionCookies,
): Promise<string> {
  const gift = await requireGiftByToken(deps.db, token);
  if (!(await holdsClaimSession(deps, gift, cookies))) throw notFound(CLAIM_MESSAGES.notFound);
  if (gift.status !== 'paid' || !gift.claimStartedAt) throw notFound(CLAIM_MESSAGES.notFound);
  if (gift.transferStartedAt || gift.refundStartedAt)
    throw conflict('Your gift is already being sent to the account you chose, so the account can no longer change.');
  const accountId = await bindNewAccount(deps, gift);
  return onboardingUrl(deps, token, accountId);
}
