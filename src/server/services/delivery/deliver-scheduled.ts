// Scheduled delivery (decision 016): a gift paid for a later day is delivered (claim link minted, notification
// queued) once its deliver_at has come. Safe on several instances: due rows are taken with FOR UPDATE SKIP LOCKED,
// and the notification's dedupe key is the one payment uses, so a gift is delivered once.
import { and, eq, isNull, lte } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { sendClaimLink } from '../gifts/claim-link.js';

const BATCH = 100;

export async function deliverScheduledGifts(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
): Promise<{ delivered: number }> {
  let delivered = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: gifts.id })
        .from(gifts)
        .where(and(eq(gifts.status, 'paid'), isNull(gifts.notifiedAt), lte(gifts.deliverAt, deps.clock.now())))
        .orderBy(gifts.deliverAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const { id } of due) await sendClaimLink(tx, deps, id, { dedupeKey: `gift:${id}:notify` });
      return due.length;
    });
    delivered += count;
    if (count < BATCH) return { delivered };
  }
}
