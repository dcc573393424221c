// The JavaScript a first visit of each path downloads before it is interactive: the entry scripts of index.html
// plus the route's modulepreload files (dist/client/route-preloads.json), gzipped (-9), from the last build.
// Target: the entry scripts <= 100 KB gzipped (exits non-zero when missed).
// Run: npm run build && npm run bench route-js   (ROUTES="/ /contact" to pick paths)
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { checkTargets } from './lib/targets.mjs';

const dist = path.resolve('dist/client');
const routes = (
  process.env.ROUTES ?? '/ /pricing /contact /gift/recipient-info /gift/review /admin/setup /claim/:token'
)
  .split(/\s+/)
  .filter(Boolean);
const preloads = JSON.parse(readFileSync(path.join(dist, 'route-preloads.json'), 'utf8'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => Number((bytes / 1024).toFixed(1));

const results = routes.map((route) => {
  const files = [...new Set([...entry, ...(preloads.find((p) => p.path === route)?.files ?? [])])];
  const sizes = files.map((f) => ({ file: f, kb: kb(gz(f)) })).sort((a, b) => b.kb - a.kb);
  return {
    route,
    totalKb: kb(files.reduce((sum, f) => sum + gz(f), 0)),
    entryKb: kb(entry.reduce((s, f) => s + gz(f), 0)),
    sizes,
  };
});
for (const r of results) {
  console.log(`${r.route.padEnd(22)} ${String(r.totalKb).padStart(6)} KB (entry ${r.entryKb} KB)`);
  console.log(
    `  largest: ${r.sizes
      .slice(0, 5)
      .map((s) => `${path.basename(s.file)} ${s.kb}`)
      .join(', ')}`,
  );
}
const record = { bench: 'route-js', at: new Date().toISOString(), results };
writeFileSync(`bench/results/route-js-${record.at.replace(/[:.]/g, '-')}.json`, JSON.stringify(record, null, 2) + '\n');
const entryKb = results[0]?.entryKb ?? kb(entry.reduce((s, f) => s + gz(f), 0));
checkTargets('route JavaScript', [
  { what: 'entry scripts <= 100 KB gzipped', measured: `${entryKb} KB`, met: entryKb <= 100 },
]);
