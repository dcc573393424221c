// Imported first by main.tsx. Zod 4 probes for `new Function` (its fast path) when it first parses an object; under
// our Content-Security-Policy (no 'unsafe-eval') the browser blocks the probe and reports a CSP issue on every page
// that loads a schema, which costs Lighthouse's best-practices score. Zod reads this global when its chunk loads;
// setting it here keeps zod itself out of the entry chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
export {};
