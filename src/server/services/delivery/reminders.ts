// Reminders (decision 016): an unclaimed gift's recipient gets an e-mail 7 days and 1 day before expiry, each once
// (outbox dedupe key gift:<id>:reminder-<days>), none once claiming has started or after the address bounced. Each
// reminder carries a fresh claim link for the same gift (gift_links), so the first e-mail's link keeps working.
// When the job was down through the 7-day window, only the 1-day reminder goes out.
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { giftDeliveries, gifts, outbox } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { DAY } from '../../clock.js';
import { REMINDER_DAYS_BEFORE } from '../../../shared/constants.js';
import { queueEmail } from '../../email/outbox.js';
import { giftReminderEmail } from '../../email/templates/gift-reminder.js';
import { claimUrl } from '../gifts/claim-link.js';
import { mintGiftLink } from '../gifts/gift-links.js';
import { claimAmountCents } from '../together/claim-amount.js';
import { mintVerificationCode } from '../recipient-rights/verify-code.js';
import { mintStopAllLink } from '../recipient-rights/stop-all.js';

const BATCH = 100;
const d = giftDeliveries;
const reminderKey = (giftId: number, days: number) => `gift:${String(giftId)}:reminder-${days}`;

export async function sendDueReminders(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>): Promise<{ sent: number }> {
  let sent = 0;
  const days = [...REMINDER_DAYS_BEFORE].sort((a, b) => b - a);
  for (const [i, before] of days.entries()) {
    const next = days[i + 1]; // the next, later reminder: once its window opens this one is skipped
    for (;;) {
      const count = await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const due = await tx
          .select()
          .from(gifts)
          .where(
            and(
              eq(gifts.status, 'paid'),
              isNull(gifts.claimStartedAt),
              // Delivered: at payment, or a scheduled gift whose day has come; of a group gift only its lead is.
              // Not bounced.
              sql`exists (select 1 from ${d} where ${d.giftId} = ${gifts.id} and ${and(
                or(and(isNull(d.deliverAt), isNull(gifts.groupGiftId)), isNotNull(d.notifiedAt)),
                isNull(d.undeliverableAt),
              )})`,
              isNotNull(gifts.recipientEmail),
              gt(gifts.expiresAt, now),
              lte(gifts.expiresAt, new Date(now.getTime() + before * DAY)),
              ...(next === undefined ? [] : [gt(gifts.expiresAt, new Date(now.getTime() + next * DAY))]),
              sql`not exists (select 1 from ${outbox} where ${outbox.dedupeKey} = 'gift:' || ${gifts.id} || ${`:reminder-${before}`})`,
            ),
          )
          .orderBy(gifts.expiresAt)
          .limit(BATCH)
          .for('update', { skipLocked: true });
        for (const gift of due) {
          const token = await mintGiftLink(tx, deps.clock, gift.id, 'claim');
          await queueEmail(tx, deps.clock, {
            kind: 'gift-reminder',
            to: gift.recipientEmail!,
            giftId: gift.id,
            dedupeKey: reminderKey(gift.id, before),
            ...giftReminderEmail({
              recipientFirstName: gift.recipientFirstName ?? 'there',
              amountCents: await claimAmountCents(tx, gift),
              claimUrl: claimUrl(deps.config.publicUrl, token),
              expiresAt: gift.expiresAt!,
              daysLeft: before,
              publicUrl: deps.config.publicUrl,
              verificationCode: await mintVerificationCode(tx, deps, gift.id),
              stopAllUrl: await mintStopAllLink(tx, deps, { id: gift.id, recipientEmail: gift.recipientEmail! }),
            }),
          });
        }
        return due.length;
      });
      sent += count;
      if (count < BATCH) break;
    }
  }
  return { sent };
}
