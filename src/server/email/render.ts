// Small helpers for e-mail templates: plain text is the source; HTML is derived and escaped.

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Text someone typed (a name, a contact message) as it may appear in an e-mail: a zero-width space after every
 * ".", ":" and "@" keeps it readable but stops mail clients (and textToHtml) from turning "evil.example" or
 * "https://…" into a link in a Hushgift-branded message (decision 012). Every template wraps user text in this.
 */
export function inert(value: string): string {
  return value.replace(/[.:@]/g, (c) => `${c}\u200B`);
}

/** Paragraphs of text to simple HTML; our own URLs become links (user text is inert, so never linked). */
export function textToHtml(text: string): string {
  const linked = (line: string) =>
    escapeHtml(line).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
  const body = text
    .split(/\n{2,}/)
    .map((para) => `<p>${para.split('\n').map(linked).join('<br>')}</p>`)
    .join('\n');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${body}</body></html>`;
}

/** "March 3, 2026" */
export function formatDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** "March 3, 2026 at 9:00 AM (America/New_York)": a delivery time in the sender's own zone. */
export function formatDeliveryTime(date: Date, timeZone: string): string {
  const day = date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  return `${day} at ${time} (${timeZone})`;
}
