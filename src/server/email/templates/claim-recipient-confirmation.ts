// The recipient's confirmation once the transfer is made: amount, when it arrives. Nothing about the sender.
import { formatUsd } from '../../../shared/money.js';
import { inert, textToHtml } from '../render.js';

export function claimRecipientConfirmationEmail(input: { recipientFirstName: string; amountCents: number }) {
  const amount = formatUsd(input.amountCents);
  const text = `Hi ${inert(input.recipientFirstName)},

You've claimed your gift of ${amount}. We've sent it to the payout account you set up with our payment partner.

It usually reaches your bank account or debit card within 1–2 business days. You don't need to do anything else.

The gift came from a friend who chose to stay anonymous.

— Hushgift`;
  return { subject: `Your gift of ${amount} is on its way`, text, html: textToHtml(text) };
}
