// A gift's row as the tests read it: every column, and the reasons of its open attention items in one line
// (needsAttention, null when none is open), read as the admin API's gift view reads them (attention/items.ts).
import { and, eq, getTableColumns } from 'drizzle-orm';
import { giftAttention, gifts } from '../../src/server/db/schema.js';
import { openAttention, openAttentionText } from '../../src/server/services/attention/items.js';
import type { DbOrTx } from '../../src/server/db/client.js';

export const giftRowColumns = { ...getTableColumns(gifts), needsAttention: openAttentionText(gifts.id) };
/** needsAttention is there when read through giftRowColumns. */
export type GiftRow = typeof gifts.$inferSelect & { needsAttention?: string | null };

/** The gift's row with its open attention; undefined when there is no such gift. */
export async function readGiftRow(db: DbOrTx, id: number): Promise<GiftRow | undefined> {
  const [row] = await db.select(giftRowColumns).from(gifts).where(eq(gifts.id, id));
  return row;
}

/** The codes of the gift's open attention items, sorted. */
export async function openAttentionCodes(db: DbOrTx, giftId: number): Promise<string[]> {
  const rows = await db
    .select({ code: giftAttention.code })
    .from(giftAttention)
    .where(and(eq(giftAttention.giftId, giftId), openAttention()));
  return rows.map((r) => r.code).sort();
}
