// Resend the recipient's e-mail: only for paid gifts. A fresh claim link replaces the old one (the old link
// stops working) and the notification is queued again, in one transaction.
import { eq } from 'drizzle-orm';
import { giftDeliveries, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { sendClaimLink } from '../gifts/claim-link.js';
import { logSecurityEvent } from '../security-log.js';
import { isDelivered } from '../manage/rules.js';
import { isFollowerShare } from '../together/claim-amount.js';

export async function resendGiftEmail(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  giftId: number,
  actor: { email: string | null; ip: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [gift] = await tx
      .select({
        id: gifts.id,
        status: gifts.status,
        deliverAt: giftDeliveries.deliverAt,
        notifiedAt: giftDeliveries.notifiedAt,
        groupGiftId: gifts.groupGiftId,
      })
      .from(gifts)
      .leftJoin(giftDeliveries, eq(giftDeliveries.giftId, gifts.id))
      .where(eq(gifts.id, giftId))
      .for('update', { of: gifts });
    if (!gift) throw notFound(`Gift #${giftId} was not found.`);
    if (gift.status !== 'paid') {
      throw conflict(`Only paid gifts can have their email resent; gift #${giftId} is ${gift.status}.`);
    }
    // A share of a group gift (decision 026) says nothing to the recipient on its own: only the lead of a sent
    // group carries the claim link; a link for any other share would let one share be claimed alone.
    if (await isFollowerShare(tx, gift))
      throw conflict(`Gift #${giftId} is a share of a group gift: resend the e-mail of the group's lead share.`);
    if (!isDelivered(gift))
      throw conflict(`Gift #${giftId} is scheduled and has not been delivered yet; it goes out on its day.`);
    if (!(await sendClaimLink(tx, deps, giftId))) {
      throw conflict(`Gift #${giftId} has no recipient email address to send to.`);
    }
    await logSecurityEvent(tx, deps.clock, {
      event: 'admin.resend_email',
      actor: actor.email,
      ip: actor.ip,
      detail: { giftId },
    });
  });
}
