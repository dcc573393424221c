// `npm start` builds what it needs: when the build is missing or older than any source file, build first.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const outputs = [
  'dist/client/index.html',
  'dist/client/prerendered/index.html',
  'dist/ssr/claim-page.js',
  'dist/node/server/main.js',
];
const sources = [
  'src',
  'scripts/prerender.ts',
  'scripts/lib',
  'package.json',
  'vite.config.ts',
  'tsconfig.server.json',
  'package-lock.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(p).map((n) => newest(path.join(p, n))));
}

const builtAt = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log('Building Hushgift (first start or sources changed)…');
  // Always the production build: callers such as the browser tests' setup run under NODE_ENV=test, with which Vite
  // would bundle React's development build (148 KB of entry JavaScript instead of 88 KB).
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
