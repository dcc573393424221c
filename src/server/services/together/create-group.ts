// POST /api/together: an organiser starts a group gift. Nothing is paid; the organiser gets the two links on screen
// and by e-mail (queued in the same transaction). The answer is stored only as its argon2id hash, like a gift's.
import { groupGifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { hashSecret, newPublicId, normaliseAnswer } from '../../crypto.js';
import { DAY } from '../../clock.js';
import { queueEmail } from '../../email/outbox.js';
import { organiserLinksEmail } from '../../email/templates/together-organiser.js';
import type { CreateGroupGiftInput, CreateGroupGiftResponse } from '../../../shared/schemas/together.js';
import { newGroupTokens, organiserUrl, shareUrl } from './links.js';
import { assertAcceptsGifts } from '../recipient-rights/stop-all.js';
import { assertRecipientNotBlocked } from '../risk/blocked.js';

export async function createGroupGift(
  deps: ServiceDeps,
  input: CreateGroupGiftInput,
): Promise<CreateGroupGiftResponse> {
  // Refused before anything is stored, as a one-person gift is: the recipient stopped all gifts (issue 25), or an
  // operator blocked the address (issue 24). Otherwise each share's checkout would be refused one by one.
  await assertAcceptsGifts(deps, input.recipientEmail);
  await assertRecipientNotBlocked(deps, input.recipientEmail);
  // Hash before the transaction: argon2 is the slow part and must not hold a connection.
  const answerHash = input.securityAnswer ? await hashSecret(normaliseAnswer(input.securityAnswer)) : null;
  const now = deps.clock.now();
  const deadlineAt = new Date(now.getTime() + input.deadlineDays * DAY);
  const tokens = newGroupTokens();
  const links = {
    organiserUrl: organiserUrl(deps.config.publicUrl, tokens.organiserToken),
    shareUrl: shareUrl(deps.config.publicUrl, tokens.shareToken),
  };
  await deps.db.transaction(async (tx) => {
    await tx.insert(groupGifts).values({
      publicId: newPublicId().replace(/^g_/, 'gg_'),
      shareTokenHash: tokens.shareTokenHash,
      organiserTokenHash: tokens.organiserTokenHash,
      organiserEmail: input.organiserEmail,
      recipientFirstName: input.recipientFirstName,
      recipientLastName: input.recipientLastName,
      recipientEmail: input.recipientEmail,
      personalNote: input.personalNote,
      securityQuestion: input.securityQuestion,
      securityAnswerHash: answerHash,
      goalCents: input.goal,
      deadlineAt,
      createdAt: now,
    });
    await queueEmail(tx, deps.clock, {
      kind: 'together-organiser',
      to: input.organiserEmail,
      replyTo: deps.config.supportEmail,
      giftId: null,
      dedupeKey: null,
      ...organiserLinksEmail({ recipientFirstName: input.recipientFirstName, deadlineAt, ...links }),
    });
  });
  return links;
}
