// An e-mail to the recipient that the outbox gave up on after its last attempt (SMTP down for hours, not a
// bounce): nobody would know the claim link never left, so the gift goes on the admin attention list, where
// "Resend Email" sends a fresh one.
import { and, eq } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import type { BouncedMessage } from '../../email/outbox.js';
import { RECIPIENT_EMAIL_KINDS } from './bounce.js';
import { raiseAttention } from '../attention/items.js';

export const lostEmailReason = (error: string) =>
  `The e-mail with the claim link could not be sent after every attempt (${error}): resend it once mail works.`;

export async function flagLostEmail(db: Db, clock: Clock, message: BouncedMessage, error: string): Promise<void> {
  if (message.giftId === null || !(RECIPIENT_EMAIL_KINDS as readonly string[]).includes(message.kind)) return;
  const giftId = message.giftId;
  await db.transaction(async (tx) => {
    // Only a gift still waiting for its claim; the row lock orders this after a claim or refund settling.
    const [paid] = await tx
      .select({ id: gifts.id })
      .from(gifts)
      .where(and(eq(gifts.id, giftId), eq(gifts.status, 'paid')))
      .for('update');
    if (paid) await raiseAttention(tx, giftId, 'lost_email', lostEmailReason(error), clock.now());
  });
}
