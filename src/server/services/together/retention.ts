// A group gift's personal data (decision 026, docs/data-retention.md): the recipient, the organiser's address, the
// message and the question hash are erased once the group is over and none of its shares holds personal data any
// more (each share is erased by the gifts' own rule); a group closed without shares, 60 days after it closed.
import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { gifts, groupGifts } from '../../db/schema.js';
import type { Db } from '../../db/client.js';

export async function eraseGroupGiftData(db: Db, cutoff: Date): Promise<number> {
  const due = db
    .select({ id: groupGifts.id })
    .from(groupGifts)
    .where(
      and(
        ne(groupGifts.state, 'open'),
        isNotNull(groupGifts.recipientEmail),
        sql`coalesce(${groupGifts.sentAt}, ${groupGifts.closedAt}) <= ${cutoff.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${gifts} where ${gifts.groupGiftId} = ${groupGifts.id} and ${gifts.personalDataErasedAt} is null)`,
      ),
    )
    .limit(500)
    .for('update', { skipLocked: true });
  const erased = await db
    .update(groupGifts)
    .set({
      organiserEmail: null,
      recipientFirstName: null,
      recipientLastName: null,
      recipientEmail: null,
      personalNote: null,
      securityQuestion: null,
      securityAnswerHash: null,
    })
    .where(inArray(groupGifts.id, due))
    .returning({ id: groupGifts.id });
  return erased.length;
}
