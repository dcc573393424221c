// To the sender when the recipient's mail server refused the notification permanently: correct the address on the
// gift page.
import { textToHtml } from '../render.js';

export interface UndeliverableEmailInput {
  senderFirstName: string | null;
  recipientFirstName: string | null;
  maskedAddress: string;
  manageUrl: string;
}

export function undeliverableEmail(input: UndeliverableEmailInput) {
  const who = input.recipientFirstName ?? 'your recipient';
  const text = `Hi ${input.senderFirstName ?? 'there'},

We could not deliver the e-mail about your gift to ${who}: their mail server refused the address ${input.maskedAddress} as undeliverable.

Please check the address and correct it on your gift page; the gift then goes to the new address with a fresh link:

${input.manageUrl}

Until it is claimed, the gift amount stays safe. If it is never claimed, it is refunded as usual when it expires.

— Hushgift`;
  return { subject: `We could not deliver your gift to ${who}`, text, html: textToHtml(text) };
}
