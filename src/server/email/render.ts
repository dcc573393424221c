// Small helpers for e-mail templates: plain text is the source; HTML is derived and escaped.

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Paragraphs of text to simple HTML; URLs become links. */
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
