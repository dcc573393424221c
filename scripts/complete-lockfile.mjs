// The npm registry mirror these machines use lacks some other platforms' optional binaries (for example
// @rollup/rollup-darwin-arm64 at the version rollup asks for), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lock as out of sync. This adds an entry for every declared
// optional dependency the lock lacks, marked optional: npm ci skips what it cannot fetch for this platform.
// Run after any `npm install` that changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (pkgs[nested] || pkgs[`node_modules/${name}`]) continue;
    pkgs[`node_modules/${name}`] = { version: spec, ...(meta.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional entr${added === 1 ? 'y' : 'ies'}`);
