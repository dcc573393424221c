// An e-mail to the recipient that the outbox gave up on after its last attempt (SMTP down for hours, not a
// bounce): nobody would know the claim link never left, so the gift goes on the admin attention list, where
// "Resend Email" sends a fresh one.
import { and, eq, isNull } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import type { BouncedMessage } from '../../email/outbox.js';
import { RECIPIENT_EMAIL_KINDS } from './bounce.js';

export const lostEmailReason = (error: string) =>
  `The e-mail with the claim link could not be sent after every attempt (${error}): resend it once mail works.`;

export async function flagLostEmail(db: Db, message: BouncedMessage, error: string): Promise<void> {
  if (message.giftId === null || !(RECIPIENT_EMAIL_KINDS as readonly string[]).includes(message.kind)) return;
  // An earlier reason stays: the operator sees the first thing that went wrong.
  await db
    .update(gifts)
    .set({ needsAttention: lostEmailReason(error).slice(0, 500) })
    .where(and(eq(gifts.id, message.giftId), eq(gifts.status, 'paid'), isNull(gifts.needsAttention)));
}
