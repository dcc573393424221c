// GET /api/gifts/:giftId/status (public id only): the onboarding status the verification-complete page polls.
// Answers only a status and a count; nothing about either person.
import { eq } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { GIFT_PUBLIC_ID_PATTERN, type GiftStatusResponse } from '../../../shared/schemas/claim.js';

const GIFT_NOT_FOUND = 'Gift not found. Check the link and try again.';

const answer = (status: GiftStatusResponse['status'], pending = 0): GiftStatusResponse => ({
  status,
  stripeAccount: { requirements_pending: pending },
});

export async function giftClaimStatus(deps: ServiceDeps, publicId: string): Promise<GiftStatusResponse> {
  if (!GIFT_PUBLIC_ID_PATTERN.test(publicId)) throw notFound(GIFT_NOT_FOUND);
  const [gift] = await deps.db
    .select({
      status: gifts.status,
      recipientAccountId: gifts.recipientAccountId,
      transferStartedAt: gifts.transferStartedAt,
      transferId: gifts.transferId,
      disputeOpenedAt: gifts.disputeOpenedAt,
    })
    .from(gifts)
    .where(eq(gifts.publicId, publicId));
  if (!gift || gift.status === 'pending') throw notFound(GIFT_NOT_FOUND);
  if (gift.status === 'claimed') return answer('completed');
  if (gift.status === 'expired' || gift.status === 'refunded') return answer(gift.status);
  // A lost card dispute: delivered if it was paid out, otherwise no longer to be had.
  if (gift.status === 'disputed') return answer(gift.transferId ? 'completed' : 'unavailable');
  if (gift.disputeOpenedAt) return answer('on_hold');
  if (gift.transferStartedAt) return answer('transfer_pending');
  if (!gift.recipientAccountId) return answer('setup_required');

  const account = await deps.payments.retrieveAccount(gift.recipientAccountId);
  if (account.transfersActive) return answer('transfer_pending');
  if (account.requirementsPending > 0) return answer('setup_required', account.requirementsPending);
  if (account.verifying) return answer('verifying');
  return answer('setup_required', account.requirementsPending);
}
