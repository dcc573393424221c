// A reminder to an unclaimed gift's recipient, 7 days and 1 day before it expires. Like the notification, nothing
// about the sender, and no personal note (the note is shown only on the claim page).
import { formatUsd } from '../../../shared/money.js';
import { formatDate, textToHtml } from '../render.js';
import { recipientFooter, type RecipientFooterInput } from './recipient-footer.js';

export interface GiftReminderInput extends RecipientFooterInput {
  recipientFirstName: string;
  amountCents: number;
  claimUrl: string;
  expiresAt: Date;
  daysLeft: number;
}

export function giftReminderEmail(input: GiftReminderInput) {
  const amount = formatUsd(input.amountCents);
  const left = input.daysLeft === 1 ? 'tomorrow' : `in ${input.daysLeft} days`;
  const text = `Hi ${input.recipientFirstName},

A reminder: the anonymous gift of ${amount} sent to you through Hushgift has not been claimed yet, and it expires ${left}, on ${formatDate(input.expiresAt)}.

Claim your gift here:

${input.claimUrl}

The link in our first e-mail works as well. Keep these links private: anyone with them can try to claim the gift.

${recipientFooter(input)}

— Hushgift`;
  return { subject: `Reminder: your gift of ${amount} expires ${left}`, text, html: textToHtml(text) };
}
