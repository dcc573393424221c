// Pages the server renders per request from the client's components: the claim page (decision 015), the
// contact page's answer to its form posted without scripts (decision 007, amended), the recipient's own pages and
// /together/new's answer to its form posted without scripts (decision 026). The document is the app's
// index.html without its scripts, with the stylesheet inlined (the page paints from its one response), "noindex",
// the page's title and description, the markup the page's renderer made, and the page's own small inline script
// if it has one (allowed by its hash in the Content-Security-Policy). Sent compressed, never cached.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClaimPageView, RenderClaimPage } from '../../shared/claim-page.js';
import type { ContactPageView, RenderContactPage } from '../../shared/contact-page.js';
import type { RecipientPageView, RenderRecipientPage } from '../../shared/recipient-page.js';
import type { RenderedServerPage } from '../../shared/server-rendered-page.js';
import type { RenderTogetherNewPage, TogetherNewPageView } from '../../shared/together-new-page.js';
import { CLAIM_FORM_SCRIPT } from './claim-form-script.js';
import { preferredEncoding } from './prerendered-pages.js';

/** Where the build writes the renderers (scripts/prerender.ts), relative to the client directory. */
const RENDERER_DIR = path.join('..', 'ssr');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sends one view of a server-rendered page. */
export interface ServerPage<View> {
  send(request: FastifyRequest, reply: FastifyReply, view: View, status: number): FastifyReply;
}
export type ClaimPageDocument = ServerPage<ClaimPageView>;
export type ContactPageDocument = ServerPage<ContactPageView>;
export type RecipientPageDocument = ServerPage<RecipientPageView>;
export type TogetherNewPageDocument = ServerPage<TogetherNewPageView>;

export interface ServerPages {
  claim: ClaimPageDocument;
  contact: ContactPageDocument;
  recipient: RecipientPageDocument;
  togetherNew: TogetherNewPageDocument;
}

/** The server-rendered pages; undefined without a built client (API tests), where the app shell is served. */
export async function loadServerPages(clientDir: string | undefined): Promise<ServerPages | undefined> {
  const indexFile = clientDir && path.join(clientDir, 'index.html');
  const renderer = (name: string) => clientDir && path.join(clientDir, RENDERER_DIR, `${name}.js`);
  const files = [
    renderer('claim-page'),
    renderer('contact-page'),
    renderer('recipient-page'),
    renderer('together-new-page'),
  ];
  if (!clientDir || !indexFile || !existsSync(indexFile) || files.some((f) => !f || !existsSync(f))) return undefined;
  const [{ renderClaimPage }, { renderContactPage }, { renderRecipientPage }, { renderTogetherNewPage }] =
    (await Promise.all(files.map((file) => import(pathToFileURL(file!).href)))) as [
      { renderClaimPage: RenderClaimPage },
      { renderContactPage: RenderContactPage },
      { renderRecipientPage: RenderRecipientPage },
      { renderTogetherNewPage: RenderTogetherNewPage },
    ];

  const shell = readFileSync(indexFile, 'utf8')
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g, (_link, href: string) => {
      const css = readFileSync(path.join(clientDir, href), 'utf8');
      if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style" and cannot be inlined`);
      return `<style>${css}</style>`;
    })
    .replace('</head>', '<meta name="robots" content="noindex, nofollow" /></head>');
  for (const marker of ['<title>', '<meta name="description"', '<div id="root"></div>', '</body>']) {
    if (shell.split(marker).length !== 2)
      throw new Error(`server-rendered pages: expected one ${marker} in index.html`);
  }

  const page = <View>(render: (view: View, pathname: string) => RenderedServerPage, script?: string) => {
    const withScript = script ? shell.replace('</body>', `<script>${script}</script></body>`) : shell;
    return {
      send(request, reply, view, status) {
        const rendered = render(view, request.url.split('?')[0] ?? '/');
        const html = withScript
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
          .replace(
            /<meta name="description" content="[^"]*"\s*\/?>/,
            () => `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
          )
          .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
        return sendHtml(request, reply, html, status);
      },
    } satisfies ServerPage<View>;
  };

  return {
    claim: page<ClaimPageView>(renderClaimPage, CLAIM_FORM_SCRIPT),
    contact: page<ContactPageView>((view) => renderContactPage(view)),
    recipient: page<RecipientPageView>(renderRecipientPage),
    togetherNew: page<TogetherNewPageView>((view) => renderTogetherNewPage(view)),
  };
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, status: number): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (!encoding) return reply.send(html);
  reply.header('content-encoding', encoding);
  // Quality 5: a ~40 KB page compresses in well under a millisecond, to within a few per cent of the best.
  return reply.send(
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(html, { level: 6 }),
  );
}
