// The sender's notice that their gift was claimed. The recipient never learns who the sender is.
import { formatUsd } from '../../../shared/money.js';
import { formatDate, inert, textToHtml } from '../render.js';

export function claimSenderNoticeEmail(input: {
  senderFirstName: string;
  recipientFirstName: string;
  amountCents: number;
  claimedAt: Date;
}) {
  const amount = formatUsd(input.amountCents);
  const text = `Hi ${inert(input.senderFirstName)},

Good news: ${inert(input.recipientFirstName)} claimed the ${amount} gift you sent on Hushgift (${formatDate(input.claimedAt)}). The money is on its way to their bank account.

Your gift stayed anonymous: they were never shown your name or e-mail address.

Thank you for your kindness.

— Hushgift`;
  return { subject: `Your gift to ${inert(input.recipientFirstName)} was claimed`, text, html: textToHtml(text) };
}
