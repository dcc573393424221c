// The public pages prerendered at build time (scripts/prerender.ts writes <clientDir>/prerendered/): held in memory
// with their .br/.gz forms, and sent for exactly their paths instead of the empty app shell, so the first paint
// needs no JavaScript. Every other path (claim, admin, donor, the gift steps) keeps the shell.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PRERENDERED_DIR = 'prerendered';

/** Joins a nested path's segments in its file name; never inside a segment, so the name reads back as the path. */
const SEGMENT_JOIN = '__';

/** The file a path's page is written to: `/` → index.html, `/faq` → faq.html, `/together/new` → together__new.html. */
export function prerenderedFileName(pathname: string): string {
  if (pathname !== '/' && !/^(\/[a-z0-9-]+)+$/.test(pathname))
    throw new Error(`cannot prerender ${pathname}: lower-case letters, digits and "-" in each segment only`);
  return pathname === '/' ? 'index.html' : `${pathname.slice(1).split('/').join(SEGMENT_JOIN)}.html`;
}

export type ContentEncoding = 'br' | 'gzip';

export interface PrerenderedPage {
  identity: Buffer;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

/** The prerendered pages by path; empty without a built client or when the build wrote none. */
export function loadPrerenderedPages(clientDir: string | undefined): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const dir = clientDir && path.join(clientDir, PRERENDERED_DIR);
  if (!dir || !existsSync(dir)) return pages;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.html'))) {
    const file = path.join(dir, name);
    const encoded: PrerenderedPage['encoded'] = {};
    if (existsSync(`${file}.br`)) encoded.br = readFileSync(`${file}.br`);
    if (existsSync(`${file}.gz`)) encoded.gzip = readFileSync(`${file}.gz`);
    pages.set(name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length).split(SEGMENT_JOIN).join('/')}`, {
      identity: readFileSync(file),
      encoded,
    });
  }
  return pages;
}

/** The page for a request path; a trailing slash names the same page, as it does for the router. */
export function prerenderedPageFor(pages: Map<string, PrerenderedPage>, pathname: string): PrerenderedPage | undefined {
  return pages.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
}

/** The best encoding the client accepts and we have: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined, page: PrerenderedPage): ContentEncoding | undefined {
  return preferredEncoding(
    acceptEncoding,
    (['br', 'gzip'] as const).filter((e) => page.encoded[e]),
  );
}

/** The first of `available` (in order of preference) that the Accept-Encoding header allows. */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([coding]) => coding),
  );
  return available.find((e) => accepted.has(e) || accepted.has('*'));
}
