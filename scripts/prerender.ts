// Build step after `vite build` (package.json "build"): renders the public pages to HTML so they paint before
// any JavaScript runs. Builds src/client/prerender.tsx as an SSR bundle with the same Vite config, renders each
// path in it, and writes dist/client/prerendered/<page>.html (+ .br/.gz), which the server sends for that path.
// The same build writes dist/ssr/claim-page.js, contact-page.js, recipient-page.js, together-new-page.js and
// together-share-page.js, the renderers the server uses per request for the claim page (decision 015), the contact
// form's answer without scripts (decision 007), the recipient's own pages (/verify, issue 25), /together/new's answer
// without scripts and the share page with its form's answer (026).
// Run with tsx: it reuses the server's own route-preload and file-name rules rather than copies of them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDERED_DIR, prerenderedFileName } from '../src/server/http/prerendered-pages';
import { routePageHtml } from '../src/server/http/route-preloads';
import { APP_FRAME_FILE } from '../src/server/http/app-frame';
import { writePrecompressed } from './lib/precompress';
import { prerenderedDocument } from '../src/server/http/prerendered-document';

type PrerenderModule = typeof import('../src/client/prerender');

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
/** Server-side bundles: the prerender (used here, then removed) and the page renderers the server loads. */
const ssrDir = path.join(root, 'dist/ssr');

process.env.NODE_ENV = 'production';
await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: {
      input: {
        prerender: path.join(root, 'src/client/prerender.tsx'),
        'claim-page': path.join(root, 'src/client/ssr/claim-page.tsx'),
        'contact-page': path.join(root, 'src/client/ssr/contact-page.tsx'),
        'recipient-page': path.join(root, 'src/client/ssr/recipient-page.tsx'),
        'together-new-page': path.join(root, 'src/client/ssr/together-new-page.tsx'),
        'together-share-page': path.join(root, 'src/client/ssr/together-share-page.tsx'),
      },
      output: { entryFileNames: '[name].js' },
    },
  },
});

const prerenderBundle = path.join(ssrDir, 'prerender.js');
const { PRERENDERED_PATHS, renderPage, renderFrame } = (await import(
  pathToFileURL(prerenderBundle).href
)) as PrerenderModule;
const shellFor = routePageHtml(clientDir, readFileSync(path.join(clientDir, 'index.html')));
const outDir = path.join(clientDir, PRERENDERED_DIR);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir);
for (const pathname of PRERENDERED_PATHS) {
  const file = path.join(outDir, prerenderedFileName(pathname));
  const shell = shellFor(pathname).toString('utf8');
  writeFileSync(
    file,
    prerenderedDocument(shell, await renderPage(pathname), (href) => readFileSync(path.join(clientDir, href), 'utf8')),
  );
  writePrecompressed(file);
}
writeFileSync(path.join(ssrDir, APP_FRAME_FILE), await renderFrame());
rmSync(prerenderBundle, { force: true });
console.log(`prerendered ${PRERENDERED_PATHS.length} pages into dist/client/${PRERENDERED_DIR}/`);
