// POST /api/together/:token/contributions: a contributor's share is an ordinary gift (its own checkout, fee, tip,
// ledger and refund) carrying the group's recipient, message and question, linked to the group. It is never
// delivered on its own: the group's send does that (send.ts).
import type { ServiceDeps } from '../../deps.js';
import { conflict } from '../../errors.js';
import { createGift } from '../gifts/create-gift.js';
import { TOGETHER_MESSAGES, type ContributeInput } from '../../../shared/schemas/together.js';
import { groupByShareToken } from './find-group.js';
import { shareUrl } from './links.js';

export async function contribute(
  deps: ServiceDeps,
  token: string,
  input: ContributeInput,
  sessionDonorId: number | null,
  /** The contributor's address: part of the share's payer identity (card testing counts by it, services/risk). */
  clientAddress: string | null,
): Promise<{ checkoutUrl: string }> {
  const group = await groupByShareToken(deps.db, token);
  // A checkout started now and paid after the send is refunded at payment (shares.ts); this refuses the obvious case.
  if (group.state !== 'open' || !group.recipientEmail) throw conflict(TOGETHER_MESSAGES.notOpen);
  return createGift(
    deps,
    {
      ...input,
      recipientFirstName: group.recipientFirstName!,
      recipientLastName: group.recipientLastName!,
      recipientEmail: group.recipientEmail,
      personalNote: group.personalNote,
      securityQuestion: group.securityQuestion,
      securityAnswerHash: null,
      delivery: null,
    },
    {
      sessionDonorId,
      clientAddress,
      share: {
        groupGiftId: group.id,
        answerHash: group.securityAnswerHash,
        successUrl: `${shareUrl(deps.config.publicUrl, token)}?paid=true`,
        cancelUrl: `${shareUrl(deps.config.publicUrl, token)}?canceled=true`,
      },
    },
  );
}
