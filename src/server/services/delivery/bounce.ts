// A recipient e-mail refused permanently (SMTP 5xx): the gift is marked undeliverable and its sender is asked, with
// a fresh link to the gift page, to correct the address (decision 016). Once per bounced address: correcting the
// address clears the mark, and a bounce of the new one tells the sender again.
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { giftDeliveries, gifts } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { queueEmail, type BouncedMessage } from '../../email/outbox.js';
import { undeliverableEmail } from '../../email/templates/undeliverable.js';
import { manageUrl, mintGiftLink } from '../gifts/gift-links.js';
import { maskEmail } from '../manage/rules.js';
import { senderColumns } from '../gifts/sender.js';

/** Outbox kinds of the e-mails that reach the recipient; their bounces mark the gift. */
export const RECIPIENT_EMAIL_KINDS = ['gift-notification', 'gift-reminder'] as const;

export async function recordBounce(
  deps: { db: Db; clock: Clock; publicUrl: string },
  message: BouncedMessage,
): Promise<void> {
  if (message.giftId === null || !(RECIPIENT_EMAIL_KINDS as readonly string[]).includes(message.kind)) return;
  const giftId = message.giftId;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // Only while the bounced address is still the gift's: a bounce of an address already corrected changes nothing.
    const d = giftDeliveries;
    const [marked] = await tx
      .update(d)
      .set({ undeliverableAt: now })
      .where(
        and(
          eq(d.giftId, giftId),
          isNull(d.undeliverableAt),
          sql`exists (select 1 from ${gifts} where ${and(
            eq(gifts.id, d.giftId),
            eq(gifts.status, 'paid'),
            eq(gifts.recipientEmail, message.toAddress ?? ''),
          )})`,
        ),
      )
      .returning({ giftId: d.giftId });
    if (!marked) return;
    const [gift] = await tx
      .select({ ...getTableColumns(gifts), ...senderColumns })
      .from(gifts)
      .where(eq(gifts.id, marked.giftId));
    if (!gift?.senderEmail) return;
    const link = manageUrl(deps.publicUrl, await mintGiftLink(tx, deps.clock, gift.id, 'manage'));
    await queueEmail(tx, deps.clock, {
      kind: 'undeliverable',
      to: gift.senderEmail,
      giftId: gift.id,
      dedupeKey: `gift:${gift.id}:undeliverable:${message.id}`,
      ...undeliverableEmail({
        senderFirstName: gift.senderFirstName,
        recipientFirstName: gift.recipientFirstName,
        maskedAddress: maskEmail(gift.recipientEmail),
        manageUrl: link,
      }),
    });
  });
}
