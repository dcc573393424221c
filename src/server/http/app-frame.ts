// The pages the browser renders itself (gift steps, success, admin, donor …) are sent with the site's frame —
// header, an empty main a screen tall, footer; rendered at build time (src/client/prerender.tsx renderFrame) — in
// #root, marked data-frame, and the stylesheet inlined: they paint the frame as soon as the HTML has arrived
// instead of a blank screen until the scripts have run, and main.tsx renders the page over it. As on the
// prerendered pages, the scripts are requested after that first paint (after-paint-scripts.ts): requested at once,
// they ran before the browser had painted the frame, so it was never seen (FCP 2.0–2.4 s). Each route's page
// is made once, with its .br/.gz forms, and kept.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { PrerenderedPage } from './prerendered-pages.js';
import { scriptsAfterPaint } from './after-paint-scripts.js';

/** Written by scripts/prerender.ts into dist/ssr/ (server-side files, not served as assets). */
export const APP_FRAME_FILE = 'app-frame.html';

/** The framed page for a shell page (by identity: route-preloads.ts answers one Buffer per route), or undefined without a build. */
export function appFrame(clientDir: string): ((shell: Buffer) => PrerenderedPage) | undefined {
  const frameFile = path.join(clientDir, '..', 'ssr', APP_FRAME_FILE);
  if (!existsSync(frameFile)) return undefined;
  const frame = readFileSync(frameFile, 'utf8');
  const cache = new Map<Buffer, PrerenderedPage>();
  return (shell) => {
    let page = cache.get(shell);
    if (!page) {
      const html = scriptsAfterPaint(shell.toString('utf8'))
        .replace('<div id="root"></div>', () => `<div id="root" data-frame="">${frame}</div>`)
        .replace(/<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g, (_link, href: string) => {
          const css = readFileSync(path.join(clientDir, href), 'utf8');
          return /<\/style/i.test(css) ? _link : `<style>${css}</style>`;
        });
      const identity = Buffer.from(html);
      page = { identity, encoded: { br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) } };
      cache.set(shell, page);
    }
    return page;
  };
}
