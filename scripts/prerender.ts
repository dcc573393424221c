// Build step after `vite build` (package.json "build"): renders the public pages to HTML so they paint before
// any JavaScript runs. Builds src/client/prerender.tsx as an SSR bundle with the same Vite config, renders each
// path in it, and writes dist/client/prerendered/<page>.html (+ .br/.gz), which the server sends for that path.
// Run with tsx: it reuses the server's own route-preload and file-name rules rather than copies of them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';
import { PRERENDERED_DIR, prerenderedFileName } from '../src/server/http/prerendered-pages';
import { routePageHtml } from '../src/server/http/route-preloads';
import { writePrecompressed } from './lib/precompress';
import { prerenderedDocument } from './lib/prerendered-document';

type PrerenderModule = typeof import('../src/client/prerender');

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const bundleDir = path.join(root, 'dist/prerender');

process.env.NODE_ENV = 'production';
const output = (await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: path.join(root, 'src/client/prerender.tsx'), outDir: bundleDir, emptyOutDir: true },
})) as Rollup.RollupOutput;
const entry = output.output.find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry);
if (!entry) throw new Error('prerender: the SSR build produced no entry chunk');

const { PRERENDERED_PATHS, renderPage } = (await import(pathToFileURL(path.join(bundleDir, entry.fileName)).href)) as PrerenderModule;
const shellFor = routePageHtml(clientDir, readFileSync(path.join(clientDir, 'index.html')));
const outDir = path.join(clientDir, PRERENDERED_DIR);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir);
for (const pathname of PRERENDERED_PATHS) {
  const file = path.join(outDir, prerenderedFileName(pathname));
  const shell = shellFor(pathname).toString('utf8');
  writeFileSync(file, prerenderedDocument(shell, await renderPage(pathname), (href) => readFileSync(path.join(clientDir, href), 'utf8')));
  writePrecompressed(file);
}
rmSync(bundleDir, { recursive: true, force: true });
console.log(`prerendered ${PRERENDERED_PATHS.length} pages into dist/client/${PRERENDERED_DIR}/`);
