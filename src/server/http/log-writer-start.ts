// Starts the log's writer thread (log-writer-worker.ts). Built, it is the compiled file beside this one; run from
// source (the tests, `tsx`), the thread first registers tsx's loader, which a worker does not inherit.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WriterData } from './log-writer-worker.js';

const fromSource = import.meta.url.endsWith('.ts');

/** The writer holds a batch or two of text: a small heap is plenty, and keeps the process's memory in bounds. */
const resourceLimits = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 };

export function startLogWriter(workerData: WriterData): Worker {
  if (!fromSource)
    return new Worker(new URL('./log-writer-worker.js', import.meta.url), { workerData, resourceLimits });
  // tsx's ES module API: the "import" entry beside the one require() resolves.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./log-writer-worker.ts', import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(entry)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { workerData, resourceLimits });
}
