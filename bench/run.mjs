// npm run bench [name…]: runs bench/<name>.bench.mjs (all of them without names), one after another.
// Each prints its figures and appends a JSON result under bench/results/. Copy the figures into docs/benchmarks.md.
// Benchmarks run with tsx's loader so they can reuse the tests' TypeScript helpers (the pages bench seeds a gift).
// Every bench runs even when one before it misses a target; the exit status is non-zero when any missed one
// (or failed), and the last lines name them.
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
const failed = [];
for (const file of files) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed.push(`${file} (exit ${r.status ?? r.signal})`);
}
if (failed.length) {
  console.error(`\n${failed.length} of ${files.length} benchmarks missed a target or failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nall ${files.length} benchmarks met their targets`);
