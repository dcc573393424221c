// A prerendered page's document: the app shell for its path (with that route's modulepreload links), the
// rendered markup inside #root and the page's own title and description in the head.
export interface RenderedPage {
  html: string;
  meta: { title: string; description: string } | null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces exactly one match, so a changed index.html fails the build instead of shipping a half-made page. */
function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = html.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
  if (matches !== 1) throw new Error(`prerender: expected one ${what} in index.html, found ${matches}`);
  return html.replace(pattern, () => replacement);
}

export function prerenderedDocument(shell: string, page: RenderedPage): string {
  let doc = replaceOnce(shell, /<div id="root"><\/div>/, `<div id="root">${page.html}</div>`, 'empty <div id="root">');
  if (page.meta) {
    doc = replaceOnce(doc, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.meta.title)}</title>`, '<title>');
    doc = replaceOnce(
      doc,
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.meta.description)}" />`,
      'meta description',
    );
  }
  return doc;
}
