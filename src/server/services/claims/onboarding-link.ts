// The link a recipient follows to set up payouts: the provider's onboarding, or straight back to the claim
// page when the account (reused from an earlier gift) can already receive transfers.
import type { ServiceDeps } from '../../deps.js';
import { claimReturnUrl, onboardingRefreshUrl, requireGiftByToken } from './find-gift.js';

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

/** The refresh_url target: a fresh link for a claim in progress; anything else goes back to the claim page. */
export async function refreshOnboarding(deps: ServiceDeps, token: string): Promise<string> {
  const claimPage = `${deps.config.publicUrl}/claim/${token}`;
  const gift = await requireGiftByToken(deps.db, token).catch(() => null);
  if (!gift || gift.status !== 'paid' || !gift.recipientAccountId || gift.transferStartedAt) {
    return gift?.status === 'claimed' ? claimReturnUrl(deps.config.publicUrl, token) : claimPage;
  }
  return onboardingUrl(deps, token, gift.recipientAccountId);
}
