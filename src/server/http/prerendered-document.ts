// A prerendered page's document: the app shell for its path, the rendered markup inside #root, the page's own
// title and description in the head, and the stylesheet inlined: the page can paint as soon as its HTML has
// arrived, without waiting for a second request. Its scripts (the entry and the route's modulepreload links) are
// requested only after that first paint, by a small inline loader: on a slow connection the page shows in about
// the time of its HTML instead of HTML plus ~100 KB of JavaScript, and hydration follows (docs/benchmarks.md).
import { ENTRY_SCRIPT, scriptsAfterPaint } from './after-paint-scripts.js';

export interface RenderedPage {
  html: string;
  meta: { title: string; description: string } | null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A changed index.html fails the build instead of shipping a half-made page. */
function expectOnce(html: string, pattern: RegExp, what: string): void {
  const matches = html.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
  if (matches !== 1) throw new Error(`prerender: expected one ${what} in index.html, found ${matches}`);
}

/** Replaces exactly one match. */
function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  expectOnce(html, pattern, what);
  return html.replace(pattern, () => replacement);
}

/** `readStylesheet` answers the text of a stylesheet the shell links (its href, e.g. /assets/index-abc.css). */
export function prerenderedDocument(
  shell: string,
  page: RenderedPage,
  readStylesheet: (href: string) => string,
): string {
  let doc = replaceOnce(shell, /<div id="root"><\/div>/, `<div id="root">${page.html}</div>`, 'empty <div id="root">');
  expectOnce(doc, ENTRY_SCRIPT, 'entry <script type="module">');
  expectOnce(doc, /<\/body>/, '</body>');
  doc = scriptsAfterPaint(doc);
  doc = doc.replace(/<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g, (_link, href: string) => {
    const css = readStylesheet(href);
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${href} contains "</style" and cannot be inlined`);
    return `<style>${css}</style>`;
  });
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
