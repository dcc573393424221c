// The sender's receipt: what was paid, to whom (first name only), when it is delivered, what happens next, and the
// private link to the sender's gift page.
import { formatUsd } from '../../../shared/money.js';
import { formatDate, formatDeliveryTime, inert, textToHtml } from '../render.js';

export interface SenderReceiptInput {
  senderFirstName: string | null;
  recipientFirstName: string;
  amountCents: number;
  feeCents: number;
  tipCents: number;
  totalCents: number;
  paidAt: Date;
  expiresAt: Date;
  /** Set for a gift scheduled for later: when the recipient's e-mail goes out. */
  deliverAt?: Date | null;
  deliveryTimeZone?: string | null;
  manageUrl: string;
}

export function senderReceiptEmail(input: SenderReceiptInput) {
  const greeting = input.senderFirstName ? `Hi ${inert(input.senderFirstName)},` : 'Hi,';
  const name = inert(input.recipientFirstName);
  const delivery = input.deliverAt
    ? `is paid and scheduled: ${name} gets it on ${formatDeliveryTime(input.deliverAt, input.deliveryTimeZone ?? 'UTC')}.`
    : 'is paid and on its way.';
  const text = `${greeting}

Thank you! Your anonymous gift to ${name} ${delivery}

Receipt (${formatDate(input.paidAt)})
Gift amount: ${formatUsd(input.amountCents)}
Processing fee: ${formatUsd(input.feeCents)}
Platform tip: ${formatUsd(input.tipCents)}
Total paid: ${formatUsd(input.totalCents)}

Your private gift page — see when the e-mail is delivered and the gift claimed, correct the recipient's address, resend the e-mail or cancel the gift while it is unclaimed:

${input.manageUrl}

Keep this link to yourself: anyone with it can manage the gift.

What happens next:
1. ${name} gets an e-mail with a private link to claim the gift. Your name is never shown — it comes from "a friend".
2. To receive the money, ${name} verifies their identity with our payment partner and adds a US bank account or debit card. The full gift amount (${formatUsd(input.amountCents)}) is paid out within 24 hours of claiming.
3. If the gift is not claimed by ${formatDate(input.expiresAt)} (30 days after delivery), it expires and the gift amount is refunded to your card. The processing fee and tip are not refunded.

Questions? Just reply to this e-mail or visit our contact page.

— Hushgift`;
  return { subject: `Your Hushgift receipt: ${formatUsd(input.totalCents)}`, text, html: textToHtml(text) };
}
