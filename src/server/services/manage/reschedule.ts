// Changing the delivery date of a scheduled gift that has not been delivered: 09:00 on the new day in the time zone
// the sender chose at checkout; the claim window moves with it.
import { and, eq, isNull } from 'drizzle-orm';
import { giftDeliveries, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { badRequest, conflict } from '../../errors.js';
import { DAY } from '../../clock.js';
import { CLAIM_WINDOW_DAYS } from '../../../shared/constants.js';
import { deliveryDayProblem, deliveryInstant } from '../../../shared/delivery-date.js';
import { loadManagedGift } from './find-managed-gift.js';
import { assertChangeable, assertNotShare, isDelivered } from './rules.js';

export async function rescheduleDelivery(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  giftId: number,
  date: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gift = await loadManagedGift(tx, giftId, true);
    assertChangeable(gift);
    assertNotShare(gift);
    if (isDelivered(gift) || !gift.deliverAt)
      throw conflict('This gift has already been delivered, so its delivery date cannot change.');
    const timeZone = gift.deliveryTimeZone ?? 'UTC';
    const problem = deliveryDayProblem(date, timeZone, deps.clock.now());
    if (problem) throw badRequest(`date: ${problem}`);
    const deliverAt = deliveryInstant(date, timeZone);
    // Conditional on not delivered: the delivery job may deliver it in the same moment.
    const [moved] = await tx
      .update(giftDeliveries)
      .set({ deliverAt })
      .where(and(eq(giftDeliveries.giftId, gift.id), isNull(giftDeliveries.notifiedAt)))
      .returning({ id: giftDeliveries.giftId });
    if (!moved) throw conflict('This gift has already been delivered, so its delivery date cannot change.');
    await tx
      .update(gifts)
      .set({ expiresAt: new Date(deliverAt.getTime() + CLAIM_WINDOW_DAYS * DAY) })
      .where(eq(gifts.id, gift.id));
  });
}
