// To the recipient when an operator rejects a gift held for review (decision 024): that it could not be
// completed, nothing more — never why, never who sent it.
import { REJECTED_GIFT_TEXT } from '../../../shared/risk.js';
import { inert, textToHtml } from '../render.js';

export function giftNotCompletedEmail(input: { recipientFirstName: string | null }) {
  const text = `Hi ${inert(input.recipientFirstName ?? 'there')},

${REJECTED_GIFT_TEXT} Nothing will be paid out for it, and there is nothing you need to do.

— Hushgift`;
  return { subject: 'Your gift could not be completed', text, html: textToHtml(text) };
}
