// The link a recipient follows to set up payouts for the gift's own account: the provider's onboarding, or straight
// back to the claim page when that account can already receive transfers. The gift is bound to an account only by
// its own claim (a new account, or one whose owner signed in: decision 021), so that shortcut pays no stranger.
import type { ServiceDeps } from '../../deps.js';
import { claimReturnUrl, onboardingRefreshUrl } from './find-gift.js';

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
