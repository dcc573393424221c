// Sent to an address whose owner stopped gifts to it (issue 25 points 4 and 5): what was stopped, and the only way
// back, a link to undo it. Nothing about any sender.
import { textToHtml } from '../render.js';

export function stopConfirmationEmail(input: { what: 'all' | 'sender'; undoUrl: string }) {
  const stopped =
    input.what === 'all'
      ? 'You asked us to stop all gifts to this address. New gifts to it are refused before anyone pays; gifts already sent stay as they are.'
      : 'You asked us not to accept gifts to this address from the sender of a gift you received. Their later gifts to it are refunded to them in full; you will not hear of them. We never tell you who they are, and we do not tell them who you are.';
  const text = `Hi,

${stopped}

Changed your mind? Undo it here:

${input.undoUrl}

— Hushgift`;
  return {
    subject: input.what === 'all' ? 'You stopped all gifts to this address' : 'You stopped gifts from a sender',
    text,
    html: textToHtml(text),
  };
}
