// Lighthouse (mobile, the npm package) on Debian's Chromium against the built server: /, /pricing, /faq.
// Targets: performance ≥ 98; accessibility, best practices and SEO 100; the JavaScript / loads ≤ 100 KB gzipped.
// Run: npm run bench pages   (BENCH_RUNS=3 by default; the median performance run is reported)
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startBuiltServer } from './lib/server.mjs';

const PAGES = ['/', '/pricing', '/faq'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
const JS_BUDGET_KB = 100;

/** The entry scripts index.html loads (script + modulepreload), gzipped the way the wire would carry them. */
function entryJsGzipKb() {
  const dist = path.resolve('dist/client');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const files = srcs.map((s) => ({ file: s, gz: gzipSync(readFileSync(path.join(dist, s)), { level: 9 }).length }));
  return { files, kb: files.reduce((a, f) => a + f.gz, 0) / 1024 };
}

const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
const results = [];
try {
  for (const pagePath of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${server.url}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      const items = lhr.audits['network-requests']?.details?.items ?? [];
      const jsBytes = items.filter((r) => r.resourceType === 'Script').reduce((a, r) => a + (r.transferSize ?? 0), 0);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: ms('first-contentful-paint'),
        lcpMs: ms('largest-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        siMs: ms('speed-index'),
        jsTransferKb: Number((jsBytes / 1024).toFixed(1)),
        failing,
        // A run Lighthouse could not complete (e.g. the page did not paint in time on a loaded machine) scores 0.
        runtimeError: lhr.runtimeError?.code ?? null,
      });
    }
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)];
    results.push({ page: pagePath, runs: runs.length, minPerformance: runs[0].performance, ...median });
    console.log(pagePath, JSON.stringify(results.at(-1)));
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const entry = entryJsGzipKb();
console.log('\npage        perf  a11y  bp   seo   FCP    LCP    TBT   CLS    JS on wire');
for (const r of results) {
  console.log(
    `${r.page.padEnd(11)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(3)}  ${String(r.seo).padStart(3)}  ${String(r.fcpMs).padStart(5)}  ${String(r.lcpMs).padStart(5)}  ${String(r.tbtMs).padStart(4)}  ${r.cls.toFixed(3)}  ${r.jsTransferKb} KB`,
  );
}
console.log(`\nentry JavaScript (index.html scripts, gzip -9): ${entry.kb.toFixed(1)} KB (budget ${JS_BUDGET_KB} KB)`);
for (const f of entry.files) console.log(`  ${f.file} ${(f.gz / 1024).toFixed(1)} KB`);

const record = { bench: 'pages', at: new Date().toISOString(), runs: RUNS, results, entryJsKb: Number(entry.kb.toFixed(1)) };
writeFileSync(`bench/results/pages-${record.at.replace(/[:.]/g, '-')}.json`, JSON.stringify(record, null, 2) + '\n');

const missed = results.filter(
  (r) => r.performance < 98 || r.accessibility < 100 || r.bestPractices < 100 || r.seo < 100,
);
if (missed.length || entry.kb > JS_BUDGET_KB) {
  console.log('\nTARGETS MISSED:', missed.map((r) => `${r.page} ${JSON.stringify(r.failing)}`).join('; ') || '', entry.kb > JS_BUDGET_KB ? 'entry JS over budget' : '');
  process.exitCode = 1;
}
