// Sent to an address whose owner stopped all gifts to it (issue 25 point 5): what was stopped, and the only way
// back, a link to undo it. Nothing about any sender.
import { textToHtml } from '../render.js';

export function stopConfirmationEmail(input: { undoUrl: string }) {
  const text = `Hi,

You asked us to stop all gifts to this address. New gifts to it are refused before anyone pays; gifts already sent stay as they are.

Changed your mind? Undo it here:

${input.undoUrl}

— Hushgift`;
  return { subject: 'You stopped all gifts to this address', text, html: textToHtml(text) };
}
