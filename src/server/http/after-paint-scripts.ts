// Prerendered pages load their scripts after the first paint (prerendered-document.ts): the URLs sit
// in a JSON data block and one fixed inline loader adds them once a frame has painted. The loader is the same on
// every page, so the Content-Security-Policy allows exactly it by hash and still no other inline script.
import { createHash } from 'node:crypto';

export const AFTER_PAINT_DATA_ID = 'hg-after-paint';

/** Adds each URL of the data block: modulepreload links first, then the last one as the module entry. */
export const AFTER_PAINT_LOADER =
  'requestAnimationFrame(function(){setTimeout(function(){' +
  `var u=JSON.parse(document.getElementById("${AFTER_PAINT_DATA_ID}").textContent);` +
  'u.forEach(function(h,i){var last=i===u.length-1,e=document.createElement(last?"script":"link");e.crossOrigin="";' +
  'if(last){e.type="module";e.src=h}else{e.rel="modulepreload";e.href=h}document.head.appendChild(e)})})})';

/** The CSP source expression that allows the loader. */
export const AFTER_PAINT_LOADER_CSP = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

/** The data block and the loader, for the end of <body>. */
export function afterPaintScripts(preloads: string[], entry: string): string {
  const urls = JSON.stringify([...preloads, entry]).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${AFTER_PAINT_DATA_ID}">${urls}</script><script>${AFTER_PAINT_LOADER}</script>`;
}

/** The shell's entry script tag (index.html as Vite writes it). */
export const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * An app document (index.html with its route's modulepreload links) whose entry script and preloads are requested
 * only after the first paint: moved into the loader at the end of <body>. Answers the document unchanged when it
 * has no entry script (no build). Requested at once, even as preloads, they count towards the first paint in
 * Lighthouse's simulation (FCP 2.4 s instead of 0.7 s on the app pages, docs/benchmarks.md).
 */
export function scriptsAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${afterPaintScripts(preloads, entry)}</body>`);
}
