// npm run bench [name…]: runs bench/<name>.bench.mjs (all of them without names), one after another.
// Each prints its figures and appends a JSON result under bench/results/. Copy the figures into docs/benchmarks.md.
// Benchmarks run with tsx's loader so they can reuse the tests' TypeScript helpers (the pages bench seeds a gift).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const names = process.argv.slice(2);
const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => names.length === 0 || names.some((n) => f.startsWith(n)));
if (files.length === 0) {
  console.error(`no benchmark matches ${names.join(', ') || '(any)'}`);
  process.exit(1);
}
for (const file of files) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
