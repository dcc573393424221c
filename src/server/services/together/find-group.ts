// The group gift a share or organiser link opens: only the tokens' SHA-256 is stored, so the lookup hashes first.
import { eq } from 'drizzle-orm';
import { groupGifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { sha256 } from '../../crypto.js';
import { notFound } from '../../errors.js';
import { TOGETHER_MESSAGES, TOGETHER_TOKEN_PATTERN } from '../../../shared/schemas/together.js';

export type GroupGiftRow = typeof groupGifts.$inferSelect;

export async function groupByShareToken(db: DbOrTx, token: string): Promise<GroupGiftRow> {
  return findBy(db, 'shareTokenHash', token);
}

export async function groupByOrganiserToken(db: DbOrTx, token: string): Promise<GroupGiftRow> {
  return findBy(db, 'organiserTokenHash', token);
}

async function findBy(db: DbOrTx, column: 'shareTokenHash' | 'organiserTokenHash', token: string) {
  const [group] = TOGETHER_TOKEN_PATTERN.test(token)
    ? await db
        .select()
        .from(groupGifts)
        .where(eq(groupGifts[column], sha256(token)))
    : [];
  if (!group) throw notFound(TOGETHER_MESSAGES.notFound, 'NOT_FOUND');
  return group;
}

export async function loadGroup(db: DbOrTx, id: number): Promise<GroupGiftRow | undefined> {
  const [group] = await db.select().from(groupGifts).where(eq(groupGifts.id, id));
  return group;
}
