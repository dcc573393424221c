// "Resend e-mail": the recipient's notification again, to the same address with a fresh claim link (the old one
// stops working), at most once every RESEND_INTERVAL_HOURS.
import { eq } from 'drizzle-orm';
import { giftDeliveries } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, tooManyRequests } from '../../errors.js';
import { RESEND_INTERVAL_HOURS } from '../../../shared/constants.js';
import { formatDeliveryTime } from '../../email/render.js';
import { sendClaimLink } from '../gifts/claim-link.js';
import { loadManagedGift } from './find-managed-gift.js';
import { assertChangeable, assertNotShare, isDelivered, resendAvailableAt } from './rules.js';

export async function resendRecipientEmail(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  giftId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gift = await loadManagedGift(tx, giftId, true);
    assertChangeable(gift);
    assertNotShare(gift);
    if (!isDelivered(gift)) {
      const when = gift.deliverAt
        ? formatDeliveryTime(gift.deliverAt, gift.deliveryTimeZone ?? 'UTC')
        : 'its delivery date';
      throw conflict(`This gift has not been delivered yet: the e-mail goes out on ${when}.`);
    }
    const now = deps.clock.now();
    const availableAt = resendAvailableAt(gift);
    if (availableAt && availableAt > now) {
      throw tooManyRequests(
        `The e-mail can be resent once every ${RESEND_INTERVAL_HOURS} hours. Try again after ${availableAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        (availableAt.getTime() - now.getTime()) / 1000,
      );
    }
    await tx.update(giftDeliveries).set({ senderResentAt: now }).where(eq(giftDeliveries.giftId, gift.id));
    await sendClaimLink(tx, deps, gift.id);
  });
}
