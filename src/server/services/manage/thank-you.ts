// POST /api/gifts/claim/:token/thank-you: after a successful claim the recipient may send one note to the anonymous
// sender. The sender gets it by e-mail (with a fresh link to their gift page) and on that page; the recipient's
// answer says only that it was sent. A group gift's note (decision 026) reaches every contributor whose share
// was paid out: each on their own gift page and by their own e-mail.
import { and, eq, isNull, ne, or, isNotNull } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { queueEmail } from '../../email/outbox.js';
import { thankYouEmail } from '../../email/templates/thank-you.js';
import { requireGiftByToken } from '../claims/find-gift.js';
import { holdsClaimSession, type ClaimSessionCookies } from '../claims/claim-session.js';
import { CLAIM_MESSAGES } from '../../../shared/schemas/claim.js';
import { manageUrl, mintGiftLink } from '../gifts/gift-links.js';

export async function sendThankYou(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  token: string,
  note: string,
  cookies: ClaimSessionCookies,
): Promise<void> {
  const gift = await requireGiftByToken(deps.db, token);
  // Only the recipient who answered (decision 012): a forwarded claim link cannot write to the sender.
  if (!(await holdsClaimSession(deps, gift, cookies))) throw notFound(CLAIM_MESSAGES.notFound);
  const claimed = gift.status === 'claimed' || (gift.status === 'paid' && gift.transferStartedAt !== null);
  if (!claimed) throw conflict('A thank-you note can be sent once the gift is claimed.');
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // One per gift, even when two tabs send at once.
    const [saved] = await tx
      .update(gifts)
      .set({ thankYouNote: note, thankYouAt: now })
      .where(
        and(
          eq(gifts.id, gift.id),
          isNull(gifts.thankYouAt),
          or(eq(gifts.status, 'claimed'), isNotNull(gifts.transferStartedAt)),
        ),
      )
      .returning();
    if (!saved) throw conflict('A thank-you note has already been sent for this gift.');
    const shares =
      saved.groupGiftId === null
        ? []
        : await tx
            .update(gifts)
            .set({ thankYouNote: note, thankYouAt: now })
            .where(
              and(
                eq(gifts.groupGiftId, saved.groupGiftId),
                ne(gifts.id, saved.id),
                isNull(gifts.thankYouAt),
                or(eq(gifts.status, 'claimed'), isNotNull(gifts.transferStartedAt)),
              ),
            )
            .returning();
    for (const thanked of [saved, ...shares]) {
      if (!thanked.senderEmail) continue;
      const link = manageUrl(deps.config.publicUrl, await mintGiftLink(tx, deps.clock, thanked.id, 'manage'));
      await queueEmail(tx, deps.clock, {
        kind: 'thank-you',
        to: thanked.senderEmail,
        giftId: thanked.id,
        dedupeKey: `gift:${thanked.id}:thank-you`,
        ...thankYouEmail({
          senderFirstName: thanked.senderFirstName,
          recipientFirstName: thanked.recipientFirstName,
          note,
          manageUrl: link,
        }),
      });
    }
  });
}
