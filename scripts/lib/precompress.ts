// One way to precompress a built file: .br (quality 11) and .gz (level 9) beside it, written once at build time
// so the server never compresses per request. Used by the Vite build (vite.config.ts) and the prerender step.
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Files smaller than this are sent as they are: compression would save less than a packet. */
const MIN_BYTES = 1024;

export function writePrecompressed(file: string): void {
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) return;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}
