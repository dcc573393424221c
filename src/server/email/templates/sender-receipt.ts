// The sender's receipt: what was paid, to whom (first name only), and what happens next.
import { formatUsd } from '../../../shared/money.js';
import { formatDate, textToHtml } from '../render.js';

export interface SenderReceiptInput {
  senderFirstName: string | null;
  recipientFirstName: string;
  amountCents: number;
  feeCents: number;
  tipCents: number;
  totalCents: number;
  paidAt: Date;
  expiresAt: Date;
}

export function senderReceiptEmail(input: SenderReceiptInput) {
  const greeting = input.senderFirstName ? `Hi ${input.senderFirstName},` : 'Hi,';
  const text = `${greeting}

Thank you! Your anonymous gift to ${input.recipientFirstName} is paid and on its way.

Receipt (${formatDate(input.paidAt)})
Gift amount: ${formatUsd(input.amountCents)}
Processing fee: ${formatUsd(input.feeCents)}
Platform tip: ${formatUsd(input.tipCents)}
Total paid: ${formatUsd(input.totalCents)}

What happens next:
1. ${input.recipientFirstName} gets an e-mail with a private link to claim the gift. Your name is never shown — it comes from "a friend".
2. To receive the money, ${input.recipientFirstName} verifies their identity with our payment partner and adds a US bank account or debit card. The full gift amount (${formatUsd(input.amountCents)}) is paid out within 24 hours of claiming.
3. If the gift is not claimed by ${formatDate(input.expiresAt)} (30 days), it expires and the gift amount is refunded to your card. The processing fee and tip are not refunded.

Gifts cannot be cancelled after payment. Questions? Just reply to this e-mail or visit our contact page.

— Hushgift`;
  return { subject: `Your Hushgift receipt: ${formatUsd(input.totalCents)}`, text, html: textToHtml(text) };
}
