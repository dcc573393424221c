// What the recipient of a group gift (decision 026) is told: its lead share stands for the group's sum, and the
// other shares say nothing to the recipient on their own. Apart from shares.ts so the ledger's settling can use it.
import { eq } from 'drizzle-orm';
import { gifts, groupGifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';

type GiftRow = typeof gifts.$inferSelect;

/** The amount the recipient is told of: a lead share stands for its group's sum. */
export async function claimAmountCents(
  db: DbOrTx,
  gift: Pick<GiftRow, 'amountCents' | 'groupGiftId'>,
): Promise<number> {
  if (gift.groupGiftId === null) return gift.amountCents;
  const [group] = await db
    .select({ sent: groupGifts.sentAmountCents })
    .from(groupGifts)
    .where(eq(groupGifts.id, gift.groupGiftId));
  return group?.sent ?? gift.amountCents;
}

/** Whether the gift is a share other than its group's lead: it says nothing to the recipient on its own. */
export async function isFollowerShare(db: DbOrTx, gift: Pick<GiftRow, 'id' | 'groupGiftId'>): Promise<boolean> {
  if (gift.groupGiftId === null) return false;
  const [group] = await db
    .select({ lead: groupGifts.leadGiftId })
    .from(groupGifts)
    .where(eq(groupGifts.id, gift.groupGiftId));
  return group?.lead !== gift.id;
}
