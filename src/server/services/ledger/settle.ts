// What a settled outgoing movement does to its gift, in the transaction that records it: a transfer moves the
// gift paid → claimed and queues the recipient's confirmation and the sender's notice; a refund moves it
// expired → refunded and tells the sender; either ends the gift's attention items a settled movement answers
// (ENDED_BY_SETTLING; a refund also a dashboard refund's, ENDED_BY_REFUND). Conditional updates: settling twice changes nothing (answers null).
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { giftResponses, gifts } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { queueEmail } from '../../email/outbox.js';
import { claimRecipientConfirmationEmail } from '../../email/templates/claim-recipient-confirmation.js';
import { claimSenderNoticeEmail } from '../../email/templates/claim-sender-notice.js';
import { refundEmail } from '../../email/templates/refund.js';
import { transition } from '../gift-lifecycle/transition.js';
import { claimAmountCents, isFollowerShare } from '../together/claim-amount.js';
import { rejectedInReview } from '../risk/review-sql.js';
import { senderStoppedRefund } from '../recipient-rights/sender-block.js';
import { resolveAttention } from '../attention/items.js';
import { stopPayoutLooks, writePayout } from '../payouts/payout-row.js';
import { ENDED_BY_REFUND, ENDED_BY_SETTLING } from '../../../shared/attention.js';
import { disputeOpenedAt } from '../gifts/money-undecided.js';
import { senderColumns, type Sender } from '../gifts/sender.js';

/** The gift as it is after the transition; null when it was not in the state the transition starts from. */
type SettledGift = typeof gifts.$inferSelect & Sender & { disputeOpenedAt: Date | null };

export async function giftTransferred(
  tx: Tx,
  clock: Clock,
  giftId: number,
  transferId: string,
  now: Date,
): Promise<SettledGift | null> {
  const [gift] = await transition(
    tx,
    giftId,
    { to: 'claimed', at: now },
    { ...getTableColumns(gifts), ...senderColumns, disputeOpenedAt: disputeOpenedAt() },
  );
  if (!gift) return null;
  // Once: only the move's winner records the transfer (the payout job no longer looks at the gift).
  await writePayout(tx, gift.id, { claimedAt: now, transferId, reconcileAfter: null });
  await resolveAttention(tx, gift.id, ENDED_BY_SETTLING, { at: now });
  // A group gift (decision 026) tells its recipient once, with the sum: the lead's settling says it.
  const toRecipient = !(await isFollowerShare(tx, gift));
  const mails = [
    toRecipient &&
      gift.recipientEmail && {
        kind: 'claim-recipient-confirmation',
        to: gift.recipientEmail,
        ...claimRecipientConfirmationEmail({
          recipientFirstName: gift.recipientFirstName || 'there',
          amountCents: await claimAmountCents(tx, gift),
        }),
      },
    gift.senderEmail && {
      kind: 'claim-sender-notice',
      to: gift.senderEmail,
      ...claimSenderNoticeEmail({
        senderFirstName: gift.senderFirstName || 'there',
        recipientFirstName: gift.recipientFirstName || 'your recipient',
        amountCents: gift.amountCents,
        claimedAt: now,
      }),
    },
  ];
  for (const mail of mails) {
    if (mail) await queueEmail(tx, clock, { ...mail, giftId: gift.id, dedupeKey: `gift:${gift.id}:${mail.kind}` });
  }
  return gift;
}

/** A column of the gift's gift_responses row (null when it has none), in a statement on gifts. */
const responseOf = (column: typeof giftResponses.cancelledAt) =>
  sql<Date | null>`(select ${column} from ${giftResponses} where ${giftResponses.giftId} = ${gifts.id})`.mapWith(
    column,
  );

/** What the refund e-mail and the caller need: a whole gift row costs more to build, send and parse per refund. */
const refundedColumns = {
  id: gifts.id,
  disputeOpenedAt: disputeOpenedAt(),
  senderEmail: senderColumns.senderEmail,
  senderFirstName: senderColumns.senderFirstName,
  recipientFirstName: gifts.recipientFirstName,
  amountCents: gifts.amountCents,
  feeCents: gifts.feeCents,
  tipCents: gifts.tipCents,
  cancelledAt: responseOf(giftResponses.cancelledAt),
  declinedAt: responseOf(giftResponses.declinedAt),
  expiresAt: gifts.expiresAt,
  expiredAt: gifts.expiredAt,
  claimStartedAt: gifts.claimStartedAt,
  wholeCharge: rejectedInReview(),
  senderStopped: senderStoppedRefund(),
};

/** Hushgift's refund settled, or the provider's dashboard refunded the payment instead (the ledger holds which). */
export async function giftRefunded(
  tx: Tx,
  clock: Clock,
  giftId: number,
  now: Date,
): Promise<Pick<SettledGift, 'disputeOpenedAt'> | null> {
  const [gift] = await transition(
    tx,
    giftId,
    {
      to: 'refunded',
      at: now,
      set: { refundedAt: now },
      where: eq(gifts.state, 'refunding'),
    },
    refundedColumns,
  );
  if (!gift) return null;
  // Only a gift whose claim had started has a payout row.
  if (gift.claimStartedAt) await stopPayoutLooks(tx, gift.id);
  await resolveAttention(tx, gift.id, ENDED_BY_REFUND, { at: now });
  if (gift.senderEmail) {
    // Expired before its expiry date and not cancelled by the sender: an operator refunded it.
    const byOperator =
      gift.cancelledAt === null &&
      gift.declinedAt === null &&
      gift.expiresAt !== null &&
      gift.expiredAt !== null &&
      gift.expiredAt < gift.expiresAt;
    const email = refundEmail({
      ...gift,
      cancelled: gift.cancelledAt !== null,
      declined: gift.declinedAt !== null,
      byOperator,
    });
    await queueEmail(tx, clock, {
      kind: 'refund',
      to: gift.senderEmail,
      subject: email.subject,
      text: email.text,
      html: email.html,
      giftId: gift.id,
      dedupeKey: `gift:${gift.id}:refund-email`,
    });
  }
  return gift;
}
