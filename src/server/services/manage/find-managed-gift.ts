// The gift a manage token opens. Only the token's SHA-256 is stored (gift_links), so the lookup hashes it first.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { giftDeliveries, giftDisputes, giftPayouts, giftResponses, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { sha256 } from '../../crypto.js';
import { notFound } from '../../errors.js';
import { giftIdForManageToken } from '../gifts/gift-links.js';
import { MANAGE_MESSAGES, MANAGE_TOKEN_PATTERN } from '../../../shared/schemas/manage.js';

const d = giftDeliveries;
const r = giftResponses;
const p = giftPayouts;
const x = giftDisputes;
/**
 * The gift with its delivery (every gift has its row; joined on the left all the same), its responses, when its
 * payout started and settled, and its card dispute.
 */
const managedColumns = {
  ...getTableColumns(gifts),
  deliverAt: d.deliverAt,
  deliveryTimeZone: d.deliveryTimeZone,
  notifiedAt: d.notifiedAt,
  undeliverableAt: d.undeliverableAt,
  emailCorrections: sql<number>`coalesce(${d.emailCorrections}, 0)`.mapWith(Number),
  senderResentAt: d.senderResentAt,
  cancelledAt: r.cancelledAt,
  declinedAt: r.declinedAt,
  thankYouNote: r.thankYouNote,
  thankYouAt: r.thankYouAt,
  transferStartedAt: p.transferStartedAt,
  claimedAt: p.claimedAt,
  disputeOpenedAt: x.disputeOpenedAt,
  disputedAt: x.disputedAt,
};

export type ManagedGiftRow = typeof gifts.$inferSelect &
  Pick<typeof d.$inferSelect, 'deliverAt' | 'deliveryTimeZone' | 'notifiedAt' | 'undeliverableAt'> &
  Pick<typeof d.$inferSelect, 'emailCorrections' | 'senderResentAt'> &
  Omit<typeof r.$inferSelect, 'giftId'> &
  Pick<typeof p.$inferSelect, 'transferStartedAt' | 'claimedAt'> &
  Omit<typeof x.$inferSelect, 'giftId'>;

export async function giftIdForManage(db: DbOrTx, token: string): Promise<number> {
  const giftId = MANAGE_TOKEN_PATTERN.test(token) ? await giftIdForManageToken(db, sha256(token)) : null;
  if (giftId === null) throw notFound(MANAGE_MESSAGES.notFound);
  return giftId;
}

/** The gift row with its delivery, responses and dispute, the gift locked for the caller's transaction when `lock` is set. */
export async function loadManagedGift(db: DbOrTx, giftId: number, lock = false): Promise<ManagedGiftRow> {
  const query = db
    .select(managedColumns)
    .from(gifts)
    .leftJoin(d, eq(d.giftId, gifts.id))
    .leftJoin(r, eq(r.giftId, gifts.id))
    .leftJoin(p, eq(p.giftId, gifts.id))
    .leftJoin(x, eq(x.giftId, gifts.id))
    .where(eq(gifts.id, giftId));
  const [gift] = lock ? await query.for('update', { of: gifts }) : await query;
  if (!gift || gift.status === 'pending') throw notFound(MANAGE_MESSAGES.notFound);
  return gift;
}
