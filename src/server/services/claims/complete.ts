// GET /api/gifts/claim/:token/complete: the check that runs when the recipient returns from onboarding or from the
// owner's sign-in. It needs the gift's claim session (without one it answers as for an unknown gift), reads the account from the
// provider (returning proves nothing; the read is shared per gift for a few seconds, account-reads.ts) and, when
// it can receive transfers, pays the gift out exactly once; otherwise it says what is still pending. A gift without
// an account yet (its claimant has neither signed in to an existing one nor set up a new one) pays nothing. The
// answer names the account, masked (decision 021).
import type { ServiceDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { formatCents, formatUsd } from '../../../shared/money.js';
import { CLAIM_MESSAGES, maskedAccount, type ClaimCompleteResponse } from '../../../shared/schemas/claim.js';
import type { ConnectedAccount } from '../../payments/provider.js';
import { payOutGift } from '../payouts/pay-out.js';
import { HELD_GIFT_TEXT } from '../../../shared/risk.js';
import { requireGiftByToken } from './find-gift.js';
import { holdsClaimSession, type ClaimSessionCookies } from './claim-session.js';
import { readGiftAccount } from './account-reads.js';
import { claimAmountCents } from '../together/claim-amount.js';

/** A card dispute froze the gift: said without naming the sender or the dispute. */
export const ON_HOLD_MESSAGE =
  'Your account is ready, but this gift is on hold while its payment is being checked. We will send it automatically if the check clears.';

/** Claimed, but no account chosen yet: the owner's sign-in or "Use a different account" is still to be done. */
export const NO_ACCOUNT_YET =
  'Choose where your gift goes first: sign in to your existing payout account, or choose "Use a different account".';

/** The masked account the gift pays into (decision 021); null when it has none or the provider cannot say now. */
async function payoutAccount(deps: ServiceDeps, gift: { id: number; recipientAccountId: string | null }) {
  if (!gift.recipientAccountId) return null;
  const account = await readGiftAccount(deps, gift.id, gift.recipientAccountId).catch(() => null);
  return account?.payoutLast4 ? maskedAccount(account.payoutLast4) : null;
}

export function pendingMessage(account: ConnectedAccount): string {
  if (account.requirementsPending > 0) {
    const n = account.requirementsPending;
    return `Your account setup is not finished yet: ${n} item${n === 1 ? '' : 's'} still need${n === 1 ? 's' : ''} your attention. Continue your account setup to receive your gift.`;
  }
  if (account.verifying)
    return 'Your details are being verified. We will send your gift automatically as soon as verification finishes.';
  return 'Your account is still being set up. We will send your gift automatically as soon as it is ready.';
}

export async function completeClaim(
  deps: ServiceDeps,
  token: string,
  cookies: ClaimSessionCookies,
): Promise<ClaimCompleteResponse> {
  const gift = await requireGiftByToken(deps.db, token);
  if (!(await holdsClaimSession(deps, gift, cookies))) throw notFound(CLAIM_MESSAGES.notFound);
  const amountCents = await claimAmountCents(deps.db, gift);
  const base = {
    giftId: gift.publicId,
    amount: formatCents(amountCents),
    payoutAccount: await payoutAccount(deps, gift),
  };
  const amount = formatUsd(amountCents);
  const done = {
    success: true,
    ...base,
    message: `Your gift of ${amount} is on its way. It usually arrives in your bank account within 1-2 business days.`,
  };
  if (gift.status === 'claimed') return done;
  if (gift.status === 'pending') throw badRequest(CLAIM_MESSAGES.notPaid, 'GIFT_NOT_PAID');
  if (gift.status !== 'paid') throw notFound(CLAIM_MESSAGES.notFound);
  if (!gift.claimStartedAt) {
    throw badRequest(
      'Please claim your gift first: open your claim link and press "Claim Your Gift".',
      'CLAIM_NOT_STARTED',
    );
  }
  if (!gift.recipientAccountId) throw badRequest(NO_ACCOUNT_YET);

  const outcome = await payOutGift(deps, gift.id, (accountId) => readGiftAccount(deps, gift.id, accountId));
  switch (outcome.kind) {
    case 'claimed':
      return done;
    case 'in_progress':
      return {
        success: true,
        ...base,
        message: `Your account is verified and your gift of ${amount} is being sent. It usually arrives within 1-2 business days.`,
      };
    case 'not_ready':
      return { success: false, ...base, message: pendingMessage(outcome.account) };
    case 'on_hold':
      return { success: false, ...base, message: ON_HOLD_MESSAGE };
    case 'being_checked':
      return {
        success: false,
        ...base,
        message: outcome.until
          ? `Your account is ready. A gift of this size is sent ${deps.config.risk.largeGiftWaitMs / 3_600_000} hours after its payment, on ${outcome.until.toUTCString()}; nothing more is needed from you.`
          : HELD_GIFT_TEXT,
      };
    case 'failed':
      return {
        success: false,
        ...base,
        message:
          'Your account is verified, but the transfer could not be sent yet. We will retry automatically within a few minutes.',
      };
    default:
      throw notFound(CLAIM_MESSAGES.notFound);
  }
}
