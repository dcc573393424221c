// The sender's refund notice: the gift was not claimed in time (or was cancelled, declined by its recipient, or
// refunded by support); its amount goes back to the card; the processing fee and any tip are kept. A gift rejected
// in review, or refused because its recipient stopped this sender, gets its whole payment back.
import { formatUsd } from '../../../shared/money.js';
import { CLAIM_WINDOW_DAYS } from '../../../shared/constants.js';
import { inert, textToHtml } from '../render.js';
import { STOP_SENDER_MESSAGES } from '../../../shared/schemas/recipient-rights.js';

export interface RefundEmailInput {
  senderFirstName: string | null;
  recipientFirstName: string | null;
  amountCents: number;
  feeCents: number;
  tipCents: number;
  /** Cancelled by the sender rather than expired. */
  cancelled?: boolean;
  /** Declined by its recipient (decision 025). */
  declined?: boolean;
  /** Refunded by our support team (the admin's "Refund sender") before it expired. */
  byOperator?: boolean;
  /** Rejected in a risk review (decision 024): the whole payment, fee and tip included, went back. */
  wholeCharge?: boolean;
  /** Its recipient stopped this sender (issue 25 point 4): the whole payment went back. */
  senderStopped?: boolean;
}

export function refundEmail(input: RefundEmailInput) {
  const amount = formatUsd(input.amountCents);
  const to = input.recipientFirstName ? ` to ${inert(input.recipientFirstName)}` : '';
  const kept =
    input.tipCents > 0
      ? `The processing fee (${formatUsd(input.feeCents)}) and your platform tip (${formatUsd(input.tipCents)}) are not refunded.`
      : `The processing fee (${formatUsd(input.feeCents)}) is not refunded.`;
  if (input.senderStopped) return senderStoppedEmail(input);
  if (input.wholeCharge) return wholeChargeEmail(input);
  const text = `Hi ${inert(input.senderFirstName ?? 'there')},

${
  input.declined
    ? `The recipient of your anonymous gift of ${amount}${to} declined it. They were not told who you are.`
    : input.cancelled
      ? `You cancelled your anonymous gift of ${amount}${to} before it was claimed.`
      : input.byOperator
        ? `Our support team has refunded your anonymous gift of ${amount}${to}; it can no longer be claimed.`
        : `Your anonymous gift of ${amount}${to} was not claimed within ${CLAIM_WINDOW_DAYS} days, so it has expired.`
}

We have refunded the gift amount of ${amount} to the card you paid with. Refunds usually appear within 5–10 business days, depending on your bank. ${kept}

If you would like to try again, you can send a new gift at any time.

— Hushgift`;
  const subject = input.declined ? `Your gift was declined: ${amount} returned` : `Your gift of ${amount} was refunded`;
  return { subject, text, html: textToHtml(text) };
}

/** Neutral on purpose: the sender is told what happened to the money, not why the gift was stopped. */
function wholeChargeEmail(input: RefundEmailInput) {
  return wholeRefundEmail(input, `We could not complete your anonymous gift of ${formatUsd(input.amountCents)}`);
}

/** The recipient asked for this, and for nothing more to be said: no date, nothing of what they did. */
function senderStoppedEmail(input: RefundEmailInput) {
  const to = input.recipientFirstName ? ` to ${inert(input.recipientFirstName)}` : '';
  const email = wholeRefundEmail(
    input,
    `${STOP_SENDER_MESSAGES.toSender} Your anonymous gift of ${formatUsd(input.amountCents)}${to}`,
  );
  const whole = formatUsd(input.amountCents + input.feeCents + input.tipCents);
  return { ...email, subject: `${STOP_SENDER_MESSAGES.toSender.replace(/\.$/, '')}: ${whole} refunded` };
}

function wholeRefundEmail(input: RefundEmailInput, what: string) {
  const whole = formatUsd(input.amountCents + input.feeCents + input.tipCents);
  const text = `Hi ${inert(input.senderFirstName ?? 'there')},

${what}, so it will not be delivered.

We have refunded your whole payment of ${whole}, processing fee and tip included, to the card you paid with. Refunds usually appear within 5–10 business days, depending on your bank.

— Hushgift`;
  return { subject: `Your payment of ${whole} was refunded`, text, html: textToHtml(text) };
}
