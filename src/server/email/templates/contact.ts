// The support team's copy of a contact-form message. Replying answers the sender (reply-to is their address).
import { CONTACT_CATEGORY_LABELS, type ContactMessage } from '../../../shared/schemas/contact.js';
import { formatDate, inert, textToHtml } from '../render.js';

export function contactEmail(input: { id: number; message: ContactMessage; receivedAt: Date }) {
  const { message: m } = input;
  const category = CONTACT_CATEGORY_LABELS[m.category];
  const text = `New contact message #${input.id} (${category})

From: ${inert(m.name)} <${m.email}>
Category: ${category}
Subject: ${inert(m.subject)}
Received: ${formatDate(input.receivedAt)}

${inert(m.message)}

Reply to this e-mail to answer ${inert(m.name)} directly.`;
  return { subject: `[Contact: ${category}] ${m.subject}`, text, html: textToHtml(text) };
}
