// Where a right answer leads (decision 021): to the provider's sign-in of an existing payout account for this
// address, when there is one whose owner finished onboarding (the claimant proves it is theirs, or chooses "Use a
// different account"); otherwise to the onboarding of the gift's own account, set up now if it has none. Either
// way a provider page: nothing is paid before the claimant has completed it.
import type { ServiceDeps } from '../../deps.js';
import type { ClaimStartResponse } from '../../../shared/schemas/claim.js';
import type { GiftWithPayout } from '../payouts/payout-row.js';
import { accountToProve, bindNewAccount } from './recipient-account.js';
import { ownerSignInUrl } from './owner-proof.js';
import { onboardingUrl } from './onboarding-link.js';

export async function payoutStep(
  deps: ServiceDeps,
  token: string,
  gift: GiftWithPayout,
  sessionHash: string,
): Promise<Omit<ClaimStartResponse, 'personalNote'>> {
  const existing = await accountToProve(deps, gift);
  if (existing) {
    return {
      accountStep: 'owner_sign_in',
      accountLinkUrl: await ownerSignInUrl(deps, token, gift, sessionHash, existing),
    };
  }
  const accountId = gift.recipientAccountId ?? (await bindNewAccount(deps, gift));
  return { accountStep: 'onboarding', accountLinkUrl: await onboardingUrl(deps, token, accountId) };
}
