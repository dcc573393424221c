// The refresh_url target of the provider's onboarding and owner sign-in links: a fresh link for a claim in
// progress, in its claim session (the onboarding of the gift's account, or a new owner sign-in while the gift has
// no account yet: payout-step.ts). Anything else goes back to the claim page; without the session that is the same
// answer as for an unknown gift, and the page asks the question again.
import type { ServiceDeps } from '../../deps.js';
import { claimReturnUrl, requireGiftByToken } from './find-gift.js';
import { claimSessionHash, type ClaimSessionCookies } from './claim-session.js';
import { onboardingUrl } from './onboarding-link.js';
import { payoutStep } from './payout-step.js';

export async function refreshOnboarding(
  deps: ServiceDeps,
  token: string,
  cookies: ClaimSessionCookies,
): Promise<string> {
  const claimPage = `${deps.config.publicUrl}/claim/${token}`;
  const found = await requireGiftByToken(deps.db, token).catch(() => null);
  const sessionHash = found && (await claimSessionHash(deps, found, cookies));
  const gift = sessionHash ? found : null;
  if (!gift || !sessionHash || gift.status !== 'paid' || !gift.claimStartedAt || gift.transferStartedAt) {
    return gift?.status === 'claimed' ? claimReturnUrl(deps.config.publicUrl, token) : claimPage;
  }
  if (!gift.recipientAccountId) return (await payoutStep(deps, token, gift, sessionHash)).accountLinkUrl;
  return onboardingUrl(deps, token, gift.recipientAccountId);
}
