// The recipient's thank-you note, to the sender. The note is the recipient's own text: shown as text, never as links.
import { escapeHtml, textToHtml } from '../render.js';

export interface ThankYouEmailInput {
  senderFirstName: string | null;
  recipientFirstName: string | null;
  note: string;
  manageUrl: string;
}

export function thankYouEmail(input: ThankYouEmailInput) {
  const who = input.recipientFirstName ?? 'Your recipient';
  const intro = `Hi ${input.senderFirstName ?? 'there'},

${who} claimed your anonymous gift and sent you a thank-you note through Hushgift. Your name and e-mail address were not shared with them, and they will not see this e-mail.`;
  const outro = `You can see the note on your gift page too:

${input.manageUrl}

— Hushgift`;
  const quoted = input.note
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = `${intro}\n\n${quoted}\n\n${outro}`;
  // The note goes in as escaped text in a block of its own, so nothing in it becomes a link.
  const note = `<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:1em">${escapeHtml(input.note)}</blockquote>`;
  const html = textToHtml(`${intro}\n\n@@NOTE@@\n\n${outro}`).replace('<p>@@NOTE@@</p>', note);
  return { subject: `${who} sent you a thank-you note`, text, html };
}
