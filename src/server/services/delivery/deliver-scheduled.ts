// Scheduled delivery (decision 016): a gift paid for a later day is delivered (claim link minted, notification
// queued) once its deliver_at has come. Safe on several instances: due rows are taken with FOR UPDATE SKIP LOCKED,
// and the notification's dedupe key is the one payment uses, so a gift is delivered once. The due rows are read
// through gift_deliveries_due_idx; the gift's status is checked on the join.
import { and, eq, isNull, lte } from 'drizzle-orm';
import { giftDeliveries, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { sendClaimLink } from '../gifts/claim-link.js';

const BATCH = 100;

export async function deliverScheduledGifts(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
): Promise<{ delivered: number }> {
  let delivered = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const d = giftDeliveries;
      const due = await tx
        .select({ id: gifts.id })
        .from(d)
        .innerJoin(gifts, eq(gifts.id, d.giftId))
        .where(and(isNull(d.notifiedAt), lte(d.deliverAt, deps.clock.now()), eq(gifts.status, 'paid')))
        .orderBy(d.deliverAt)
        .limit(BATCH)
        .for('update', { of: gifts, skipLocked: true });
      for (const { id } of due) await sendClaimLink(tx, deps, id, { dedupeKey: `gift:${id}:notify` });
      return due.length;
    });
    delivered += count;
    if (count < BATCH) return { delivered };
  }
}
