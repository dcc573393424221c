// Sent to an address whose owner stopped one sender (issue 25 point 4): what was stopped, and the only way back, a
// link to undo it. Nothing about the sender: the recipient never learns who it is.
import { textToHtml } from '../render.js';

export function senderStopConfirmationEmail(input: { undoUrl: string }) {
  const text = `Hi,

You asked us not to accept gifts to this address from the sender of a gift you received. Their later gifts to it are refunded to them in full, and you will not hear of them. Gifts from anyone else reach you as before.

Changed your mind? Undo it here:

${input.undoUrl}

— Hushgift`;
  return { subject: 'You stopped gifts from one sender', text, html: textToHtml(text) };
}
