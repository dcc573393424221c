// The gift's sender (gift_senders, decision 019): the name and e-mail the checkout gave, apart from the gift, so a
// read of the gift's row (the recipient's pages read it) never carries them. Known once the gift is paid.
import { eq, sql } from 'drizzle-orm';
import { giftSenders, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';

export interface Sender {
  senderFirstName: string | null;
  senderLastName: string | null;
  senderEmail: string | null;
}

const s = giftSenders;
const senderOf = (column: typeof s.senderFirstName | typeof s.senderLastName | typeof s.senderEmail) =>
  sql<string | null>`(select ${column} from ${s} where ${s.giftId} = ${gifts.id})`.mapWith(column);

/** The sender's columns in a statement on gifts that cannot join gift_senders (an UPDATE's returning). */
export const senderColumns = {
  senderFirstName: senderOf(s.senderFirstName),
  senderLastName: senderOf(s.senderLastName),
  senderEmail: senderOf(s.senderEmail),
};

/** The gift's sender; all null when not known (never paid, or erased). */
export async function readSender(db: DbOrTx, giftId: number): Promise<Sender> {
  const [row] = await db
    .select({ senderFirstName: s.senderFirstName, senderLastName: s.senderLastName, senderEmail: s.senderEmail })
    .from(s)
    .where(eq(s.giftId, giftId));
  return row ?? { senderFirstName: null, senderLastName: null, senderEmail: null };
}

/** Records who paid, in the transaction of the gift's move to paid (which happens once). */
export async function recordSender(db: DbOrTx, giftId: number, sender: Sender): Promise<void> {
  await db
    .insert(s)
    .values({ giftId, ...sender })
    .onConflictDoUpdate({ target: s.giftId, set: sender });
}
