// "Correct recipient e-mail": a new address for an unclaimed gift, at most MAX_EMAIL_CORRECTIONS times. A delivered
// gift gets a fresh claim link at the new address (the old link and every reminder's stop working); a scheduled
// one simply goes to the new address on its day.
import { assertAcceptsGifts } from '../recipient-rights/stop-all.js';
import { assertRecipientNotBlocked } from '../risk/blocked.js';
import { eq, sql } from 'drizzle-orm';
import { giftDeliveries, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { badRequest, conflict } from '../../errors.js';
import { MAX_EMAIL_CORRECTIONS } from '../../../shared/constants.js';
import { sendClaimLink } from '../gifts/claim-link.js';
import { loadManagedGift } from './find-managed-gift.js';
import { assertChangeable, assertNotShare, correctionsLeft, isDelivered } from './rules.js';

export async function correctRecipientEmail(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  giftId: number,
  recipientEmail: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gift = await loadManagedGift(tx, giftId, true);
    assertChangeable(gift);
    assertNotShare(gift);
    if (correctionsLeft(gift) === 0) {
      throw conflict(
        `The recipient's address can be corrected at most ${MAX_EMAIL_CORRECTIONS} times. Contact support if it is still wrong.`,
      );
    }
    if (gift.recipientEmail?.toLowerCase() === recipientEmail.toLowerCase()) {
      throw badRequest('recipientEmail: this is already the address the gift goes to. Enter the corrected address.');
    }
    // A corrected address is a new recipient: one who stopped all gifts refuses this one too (issue 25 point 5).
    await assertAcceptsGifts({ db: tx, config: deps.config }, recipientEmail);
    // Nor may a correction reach an address an operator blocked (decision 024).
    await assertRecipientNotBlocked({ db: tx, config: deps.config }, recipientEmail);
    await tx.update(gifts).set({ recipientEmail }).where(eq(gifts.id, gift.id));
    await tx
      .update(giftDeliveries)
      .set({ emailCorrections: sql`${giftDeliveries.emailCorrections} + 1`, undeliverableAt: null })
      .where(eq(giftDeliveries.giftId, gift.id));
    if (isDelivered(gift)) await sendClaimLink(tx, deps, gift.id);
  });
}
