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
  /** A share of a group gift (decision 026): when the group goes at the latest, and whether it was too late. */
  share?: { deadlineAt: Date; refunded: boolean } | null;
}

export function senderReceiptEmail(input: SenderReceiptInput) {
  const greeting = input.senderFirstName ? `Hi ${inert(input.senderFirstName)},` : 'Hi,';
  const name = inert(input.recipientFirstName);
  if (input.share) return shareReceiptEmail(input, input.share);
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

/** The receipt of a share of a group gift: the contributor's own share only, and the way to withdraw it. */
function shareReceiptEmail(input: SenderReceiptInput, share: { deadlineAt: Date; refunded: boolean }) {
  const greeting = input.senderFirstName ? `Hi ${inert(input.senderFirstName)},` : 'Hi,';
  const name = inert(input.recipientFirstName);
  const what = share.refunded
    ? `Your payment arrived after the group gift for ${name} had already been sent or closed, so your share was not added: the gift amount (${formatUsd(input.amountCents)}) is being refunded to your card. The processing fee and tip are not refunded.`
    : `Thank you! Your share of the group gift for ${name} is paid. It goes to ${name} together with everyone else's when the organiser sends it, at the latest on ${formatDate(share.deadlineAt)}. Nobody — not ${name}, not the organiser, not the other contributors — is told who you are or how much you gave.`;
  const text = `${greeting}

${what}

Receipt (${formatDate(input.paidAt)})
Your share: ${formatUsd(input.amountCents)}
Processing fee: ${formatUsd(input.feeCents)}
Platform tip: ${formatUsd(input.tipCents)}
Total paid: ${formatUsd(input.totalCents)}

Your private gift page — follow your share, and withdraw it (the share is refunded; fee and tip are kept) until the gift is sent:

${input.manageUrl}

Keep this link to yourself: anyone with it can withdraw your share.

If ${name} does not claim the gift within 30 days of receiving it, your share is refunded to your card.

— Hushgift`;
  return { subject: `Your Hushgift receipt: ${formatUsd(input.totalCents)}`, text, html: textToHtml(text) };
}
