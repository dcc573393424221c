#!/usr/bin/env node
// One-time codemod (decision 011): renames every source file whose name is not kebab-case (the PascalCase React
// component files) with `git mv`, rewrites every relative import of them and every mention of their file names,
// and turns on the file-name rule in eslint.config.js. Idempotent: a second run finds nothing to rename.
// Usage: node scripts/rename-to-kebab.mjs [--dry-run]; then typecheck, lint, build and commit.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dryRun = process.argv.includes('--dry-run');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

const CODE = /\.(ts|tsx|js|mjs)$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** "AdminDashboardPage" → "admin-dashboard-page", "HTMLView" → "html-view". */
const kebab = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();

const tracked = git('ls-files', '-z').split('\0').filter(Boolean);
const trackedLower = new Set(tracked.map((f) => f.toLowerCase()));

// Source files (not migrations, not vendored fixtures) whose name, before its first dot, is not kebab-case.
const renames = new Map(); // old path without extension → new path without extension
const moves = [];
for (const file of tracked) {
  if (!/^(src|tests|scripts|bench)\//.test(file) || !CODE.test(file) || file.includes('/migrations/')) continue;
  const dir = path.posix.dirname(file);
  const base = path.posix.basename(file);
  const stem = base.slice(0, base.indexOf('.'));
  if (KEBAB.test(stem)) continue;
  const target = path.posix.join(dir, kebab(stem) + base.slice(stem.length));
  // A case-only rename (App.tsx → app.tsx) is fine; landing on another file is not.
  const taken = target.toLowerCase() !== file.toLowerCase() && trackedLower.has(target.toLowerCase());
  if (taken || moves.some(([, t]) => t === target))
    throw new Error(`rename-to-kebab: ${file} → ${target}, which already exists`);
  moves.push([file, target]);
  renames.set(file.replace(CODE, ''), target.replace(CODE, ''));
}

// Relative specifiers in string literals ('./x', "../y.js", import('../z')) that point at a renamed file.
const SPECIFIER = /(['"`])(\.{1,2}\/[^'"`\n]*)\1/g;
function rewriteSpecifiers(file, text) {
  const dir = path.posix.dirname(file);
  return text.replace(SPECIFIER, (whole, quote, spec) => {
    const resolved = path.posix.normalize(path.posix.join(dir, spec));
    const ext = (resolved.match(CODE) ?? [''])[0];
    const target = renames.get(resolved.slice(0, resolved.length - ext.length));
    if (!target) return whole;
    const newBase = path.posix.basename(target) + ext;
    return quote + spec.slice(0, spec.length - path.posix.basename(spec).length) + newBase + quote;
  });
}

// The route table names pages relative to src/client/pages without an extension.
function rewriteRouteTable(text) {
  return text.replace(/page: '([^']+)'/g, (whole, page) => {
    const target = renames.get(`src/client/pages/${page}`);
    return target ? `page: '${target.slice('src/client/pages/'.length)}'` : whole;
  });
}

// Mentions of a renamed file by name ("GiftTable.tsx" in a comment or a document), when that name is unique.
const byName = new Map();
for (const [from, to] of moves) {
  const name = path.posix.basename(from);
  byName.set(name, byName.has(name) ? null : path.posix.basename(to));
}
function rewriteMentions(text) {
  let out = text;
  for (const [name, to] of byName) if (to) out = out.replace(new RegExp(`\\b${name.replace('.', '\\.')}\\b`, 'g'), to);
  return out;
}

const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|html|css)$/;
const edits = [];
for (const file of tracked) {
  // Decision records and benchmark reports are history: they keep the names of their day.
  const history = /^docs\/(decisions\/|benchmarks\.md)/.test(file);
  const skip = history || file === 'package-lock.json' || file === 'scripts/rename-to-kebab.mjs';
  if (!TEXT.test(file) || skip || file.startsWith('tests/fixtures/')) continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  let next = CODE.test(file) ? rewriteSpecifiers(file, text) : text;
  if (file === 'src/client/app/route-table.ts') next = rewriteRouteTable(next);
  next = rewriteMentions(next);
  if (file === 'eslint.config.js')
    next = next.replace('const KEBAB_CASE_FILE_NAMES = false;', 'const KEBAB_CASE_FILE_NAMES = true;');
  if (file === 'README.md')
    next = next.replace(
      /Folder names are kebab-case; file names\n?\s*too once `scripts\/rename-to-kebab\.mjs` has renamed the React component files\./,
      'Folder and file names are kebab-case.',
    );
  if (next !== text) edits.push([file, next]);
}

for (const [from, to] of moves) console.log(`${dryRun ? 'would rename' : 'rename'} ${from} → ${to}`);
for (const [file] of edits) console.log(`${dryRun ? 'would edit' : 'edit'} ${file}`);
if (dryRun) process.exit(0);
// Edit first (the paths are the old ones), then move.
for (const [file, text] of edits) writeFileSync(path.join(root, file), text);
for (const [from, to] of moves) git('mv', from, to);
console.log(
  moves.length === 0 && edits.length === 0
    ? 'rename-to-kebab: nothing to do'
    : `rename-to-kebab: ${moves.length} files renamed, ${edits.length} files edited`,
);
