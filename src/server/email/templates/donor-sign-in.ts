import { inert, textToHtml } from '../render.js';

export function signInEmail(input: { firstName: string; link: string }) {
  const text = `Hi ${inert(input.firstName)},

Use this link to sign in to your Hushgift donor account and see your gift history:

${input.link}

The link works once and expires in 15 minutes. If you did not ask for it, you can ignore this e-mail.

— Hushgift`;
  return { subject: 'Your Hushgift sign-in link', text, html: textToHtml(text) };
}
