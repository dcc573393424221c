// The link a recipient follows to set up payouts: the provider's onboarding, or straight back to the claim
// page when the account (reused from an earlier gift) can already receive transfers.
import type { ServiceDeps } from '../../deps.js';
import { claimReturnUrl, onboardingRefreshUrl, requireGiftByToken } from './find-gift.js';
import { holdsClaimSession, type ClaimSessionCookies } from './claim-session.js';

export async function onboardingUrl(deps: ServiceDeps, token: string, accountId: string): Promise<string> {
  const { publicUrl } = deps.config;
  const account = await deps.payments.retrieveAccount(accountId);
  if (account.transfersActive) return claimReturnUrl(publicUrl, token);
  const link = await deps.payments.createAccountLink({
    accountId,
    returnUrl: claimReturnUrl(publicUrl, token),
    refreshUrl: onboardingRefreshUrl(publicUrl, token),
  });
  return link.url;
}

/**
 * The refresh_url target: a fresh link for a claim in progress, in its claim session. Anything else goes back to
 * the claim page; without the session that is the same answer as for an unknown gift, and the page asks the
 * question again.
 */
export async function refreshOnboarding(
  deps: ServiceDeps,
  token: string,
  cookies: ClaimSessionCookies,
): Promise<string> {
  const claimPage = `${deps.config.publicUrl}/claim/${token}`;
  const found = await requireGiftByToken(deps.db, token).catch(() => null);
  const gift = found && (await holdsClaimSession(deps, found, cookies)) ? found : null;
  if (!gift || gift.status !== 'paid' || !gift.recipientAccountId || gift.transferStartedAt) {
    return gift?.status === 'claimed' ? claimReturnUrl(deps.config.publicUrl, token) : claimPage;
  }
  return onboardingUrl(deps, token, gift.recipientAccountId);
}
