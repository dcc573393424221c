// The gift a manage token opens. Only the token's SHA-256 is stored (gift_links), so the lookup hashes it first.
import { eq } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { sha256 } from '../../crypto.js';
import { notFound } from '../../errors.js';
import { giftIdForManageToken } from '../gifts/gift-links.js';
import { MANAGE_MESSAGES, MANAGE_TOKEN_PATTERN } from '../../../shared/schemas/manage.js';

export type ManagedGiftRow = typeof gifts.$inferSelect;

export async function giftIdForManage(db: DbOrTx, token: string): Promise<number> {
  const giftId = MANAGE_TOKEN_PATTERN.test(token) ? await giftIdForManageToken(db, sha256(token)) : null;
  if (giftId === null) throw notFound(MANAGE_MESSAGES.notFound);
  return giftId;
}

/** The gift row, locked for the caller's transaction when `lock` is set. */
export async function loadManagedGift(db: DbOrTx, giftId: number, lock = false): Promise<ManagedGiftRow> {
  const query = db.select().from(gifts).where(eq(gifts.id, giftId));
  const [gift] = lock ? await query.for('update') : await query;
  if (!gift || gift.status === 'pending') throw notFound(MANAGE_MESSAGES.notFound);
  return gift;
}
