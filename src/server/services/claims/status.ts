// GET /api/gifts/:giftId/status (public id): what the verification-complete page polls. The public id is in the
// sender's donor history, so without the gift's claim session the answer is only what the sender's own views show,
// the gift's status (paid, completed, expired, refunded, unavailable for a lost card dispute); the onboarding
// progress and a hold by an open dispute need the session. Provider reads
// are shared per gift for a few seconds (account-reads.ts), so polling cannot reach the provider at will.
// Nothing about either person, ever.
import { eq } from 'drizzle-orm';
import { giftPayouts, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import {
  GIFT_NOT_FOUND_MESSAGE,
  GIFT_PUBLIC_ID_PATTERN,
  type GiftStatusResponse,
} from '../../../shared/schemas/claim.js';
import { holdsClaimSession, type ClaimSessionCookies } from './claim-session.js';
import { readGiftAccount } from './account-reads.js';
import { reviewState } from '../risk/hold.js';
import { disputeOpenedAt } from '../gifts/money-undecided.js';

type DetailedStatus = Exclude<GiftStatusResponse['status'], 'paid'>;
/** The gift's status column in the words of this answer: what the sender's own views show. */
const AS_SENDER_SEES = {
  paid: 'paid',
  claimed: 'completed',
  expired: 'expired',
  refunded: 'refunded',
  disputed: 'unavailable',
} as const satisfies Record<string, GiftStatusResponse['status']>;
const detailed = (status: DetailedStatus, pending = 0): GiftStatusResponse => ({
  status,
  stripeAccount: { requirements_pending: pending },
});

export async function giftClaimStatus(
  deps: ServiceDeps,
  publicId: string,
  cookies: ClaimSessionCookies,
): Promise<GiftStatusResponse> {
  if (!GIFT_PUBLIC_ID_PATTERN.test(publicId)) throw notFound(GIFT_NOT_FOUND_MESSAGE);
  const [gift] = await deps.db
    .select({
      id: gifts.id,
      publicId: gifts.publicId,
      status: gifts.status,
      recipientAccountId: giftPayouts.recipientAccountId,
      transferStartedAt: giftPayouts.transferStartedAt,
      transferId: giftPayouts.transferId,
      disputeOpenedAt: disputeOpenedAt(),
    })
    .from(gifts)
    .leftJoin(giftPayouts, eq(giftPayouts.giftId, gifts.id))
    .where(eq(gifts.publicId, publicId));
  if (!gift || gift.status === 'pending') throw notFound(GIFT_NOT_FOUND_MESSAGE);
  // A risk review's hold or rejection is said alike to everyone who may ask: that it is checked, never why.
  const review = await reviewState(deps.db, gift.id);
  if (review === 'held' && gift.status === 'paid') return detailed('checking');
  if (review === 'rejected') return detailed('not_completed');
  if (!(await holdsClaimSession(deps, gift, cookies))) {
    return { status: AS_SENDER_SEES[gift.status as keyof typeof AS_SENDER_SEES] ?? 'paid' };
  }
  if (gift.status === 'claimed') return detailed('completed');
  if (gift.status === 'expired' || gift.status === 'refunded') return detailed(gift.status);
  // A lost card dispute: delivered if it was paid out, otherwise no longer to be had.
  if (gift.status === 'disputed') return detailed(gift.transferId ? 'completed' : 'unavailable');
  if (gift.disputeOpenedAt) return detailed('on_hold');
  if (gift.transferStartedAt) return detailed('transfer_pending');
  if (!gift.recipientAccountId) return detailed('setup_required');

  const account = await readGiftAccount(deps, gift.id, gift.recipientAccountId);
  if (account.transfersActive) return detailed('transfer_pending');
  if (account.requirementsPending > 0) return detailed('setup_required', account.requirementsPending);
  if (account.verifying) return detailed('verifying');
  return detailed('setup_required', account.requirementsPending);
}
