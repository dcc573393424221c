// The server-rendered claim page's document (decision 015): the app's index.html without its scripts, with the
// stylesheet inlined (the page paints from its one response), "noindex", the page's title and description, the
// markup the claim page renderer made, and the form's small inline script. Sent compressed, never cached.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClaimPageView, RenderClaimPage } from '../../shared/claim-page.js';
import { CLAIM_FORM_SCRIPT } from './claim-form-script.js';
import { preferredEncoding } from './prerendered-pages.js';

/** Where the build writes the renderer (scripts/prerender.ts), relative to the client directory. */
const RENDERER_FILE = path.join('..', 'ssr', 'claim-page.js');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface ClaimPageDocument {
  send(request: FastifyRequest, reply: FastifyReply, view: ClaimPageView, status: number): FastifyReply;
}

/** The claim page's document maker; undefined without a built client (API tests), where the app shell is served. */
export async function loadClaimPageDocument(clientDir: string | undefined): Promise<ClaimPageDocument | undefined> {
  const indexFile = clientDir && path.join(clientDir, 'index.html');
  const rendererFile = clientDir && path.join(clientDir, RENDERER_FILE);
  if (!indexFile || !rendererFile || !existsSync(indexFile) || !existsSync(rendererFile)) return undefined;
  const { renderClaimPage } = (await import(pathToFileURL(rendererFile).href)) as { renderClaimPage: RenderClaimPage };

  const shell = readFileSync(indexFile, 'utf8')
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g, (_link, href: string) => {
      const css = readFileSync(path.join(clientDir!, href), 'utf8');
      if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style" and cannot be inlined`);
      return `<style>${css}</style>`;
    })
    .replace('</head>', '<meta name="robots" content="noindex, nofollow" /></head>')
    .replace('</body>', `<script>${CLAIM_FORM_SCRIPT}</script></body>`);
  for (const marker of ['<title>', '<meta name="description"', '<div id="root"></div>']) {
    if (shell.split(marker).length !== 2) throw new Error(`claim page: expected one ${marker} in index.html`);
  }

  const document = (view: ClaimPageView, pathname: string): string => {
    const page = renderClaimPage(view, pathname);
    return shell
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
  };

  return {
    send(request, reply, view, status) {
      const html = document(view, request.url.split('?')[0] ?? '/');
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
    },
  };
}
