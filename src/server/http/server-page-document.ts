// Pages the server renders per request from the client's components: the claim page (decision 015), the
// contact page's answer to its form posted without scripts (decision 007, amended), the recipient's own pages, and
// /together/new's and the share page's answers to their forms posted without scripts (decision 026). The document
// is the app's index.html without its scripts, with the stylesheet inlined (the page paints from its one response),
// "noindex", the page's title and description, the markup the page's renderer made, and the page's own small inline
// script if it has one (allowed by its hash in the Content-Security-Policy). Sent compressed, never cached.
// The share page itself (/together/<token>) is the one the app then hydrates: its document is the route's app page
// as a prerendered page's is made (prerendered-document.ts: scripts after the first paint), with the query data the
// app starts from (lib/query-seed.ts), so its first render is the server's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClaimPageView, RenderClaimPage } from '../../shared/claim-page.js';
import type { ContactPageView, RenderContactPage } from '../../shared/contact-page.js';
import type { RecipientPageView, RenderRecipientPage } from '../../shared/recipient-page.js';
import { QUERY_SEED_ID, type RenderedServerPage } from '../../shared/server-rendered-page.js';
import type { RenderTogetherNewPage, TogetherNewPageView } from '../../shared/together-new-page.js';
import type {
  RenderShareFormAnswer,
  RenderSharePage,
  ShareFormAnswerView,
  SharePageInput,
} from '../../shared/together-share-page.js';
import { CLAIM_FORM_SCRIPT } from './claim-form-script.js';
import { preferredEncoding } from './prerendered-pages.js';
import { prerenderedDocument } from './prerendered-document.js';
import { routePageHtml } from './route-preloads.js';

/** Where the build writes the renderers (scripts/prerender.ts), relative to the client directory. */
const RENDERER_DIR = path.join('..', 'ssr');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const NOINDEX = '<meta name="robots" content="noindex, nofollow" /></head>';

/** Sends one view of a server-rendered page. */
export interface ServerPage<View> {
  send(request: FastifyRequest, reply: FastifyReply, view: View, status: number): FastifyReply;
}
export type ClaimPageDocument = ServerPage<ClaimPageView>;
export type ContactPageDocument = ServerPage<ContactPageView>;
export type RecipientPageDocument = ServerPage<RecipientPageView>;
export type TogetherNewPageDocument = ServerPage<TogetherNewPageView>;

/** The share page: the page the app hydrates, and the answer to its form posted without scripts. */
export interface TogetherSharePageDocument {
  page: {
    send(request: FastifyRequest, reply: FastifyReply, input: SharePageInput, status: number): Promise<FastifyReply>;
  };
  answer: ServerPage<ShareFormAnswerView>;
}

export interface ServerPages {
  claim: ClaimPageDocument;
  contact: ContactPageDocument;
  recipient: RecipientPageDocument;
  togetherNew: TogetherNewPageDocument;
  togetherShare: TogetherSharePageDocument;
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
    renderer('together-share-page'),
  ];
  if (!clientDir || !indexFile || !existsSync(indexFile) || files.some((f) => !f || !existsSync(f))) return undefined;
  const [
    { renderClaimPage },
    { renderContactPage },
    { renderRecipientPage },
    { renderTogetherNewPage },
    { renderSharePage, renderShareFormAnswer },
  ] = (await Promise.all(files.map((file) => import(pathToFileURL(file!).href)))) as [
    { renderClaimPage: RenderClaimPage },
    { renderContactPage: RenderContactPage },
    { renderRecipientPage: RenderRecipientPage },
    { renderTogetherNewPage: RenderTogetherNewPage },
    { renderSharePage: RenderSharePage; renderShareFormAnswer: RenderShareFormAnswer },
  ];
  const readStylesheet = (href: string) => readFileSync(path.join(clientDir, href), 'utf8');

  const indexHtml = readFileSync(indexFile);
  const shell = indexHtml
    .toString('utf8')
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g, (_link, href: string) => {
      const css = readStylesheet(href);
      if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style" and cannot be inlined`);
      return `<style>${css}</style>`;
    })
    .replace('</head>', NOINDEX);
  for (const marker of ['<title>', '<meta name="description"', '<div id="root"></div>', '</body>']) {
    if (shell.split(marker).length !== 2)
      throw new Error(`server-rendered pages: expected one ${marker} in index.html`);
  }

  /** The document with the rendered page's head and markup. */
  const fill = (template: string, rendered: RenderedServerPage) =>
    template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);

  const page = <View>(render: (view: View, pathname: string) => RenderedServerPage, script?: string) => {
    const withScript = script ? shell.replace('</body>', `<script>${script}</script></body>`) : shell;
    return {
      send(request, reply, view, status) {
        const rendered = render(view, request.url.split('?')[0] ?? '/');
        return sendHtml(request, reply, fill(withScript, rendered), status);
      },
    } satisfies ServerPage<View>;
  };

  // The app page of the share route (its chunks' modulepreload links), made once: scripts after the first paint.
  const routeShell = routePageHtml(clientDir, indexHtml);
  let shareTemplate: string | undefined;
  const sharePage: TogetherSharePageDocument['page'] = {
    async send(request, reply, input, status) {
      shareTemplate ??= prerenderedDocument(
        routeShell(request.url.split('?')[0]!).toString('utf8'),
        { html: '', meta: null },
        readStylesheet,
      ).replace('</head>', NOINDEX);
      const rendered = await renderSharePage(input);
      const seed = JSON.stringify(rendered.seed).replace(/</g, '\\u003c');
      const html = fill(shareTemplate, rendered).replace(
        '</body>',
        () => `<script type="application/json" id="${QUERY_SEED_ID}">${seed}</script></body>`,
      );
      return sendHtml(request, reply, html, status);
    },
  };

  return {
    claim: page<ClaimPageView>(renderClaimPage, CLAIM_FORM_SCRIPT),
    contact: page<ContactPageView>((view) => renderContactPage(view)),
    recipient: page<RecipientPageView>(renderRecipientPage),
    togetherNew: page<TogetherNewPageView>((view) => renderTogetherNewPage(view)),
    togetherShare: { page: sharePage, answer: page<ShareFormAnswerView>((view) => renderShareFormAnswer(view)) },
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
