import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startBuiltServer } from './lib/server.mjs';
const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic','--disable-dev-shm-usage'] });
try {
  for (const p of process.argv.slice(2)) {
    const { lhr } = await lighthouse(`${server.url}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    console.log('\n==', p, 'perf', lhr.categories.performance.score, 'FCP', lhr.audits['first-contentful-paint'].numericValue|0, 'LCP', lhr.audits['largest-contentful-paint'].numericValue|0, 'TBT', lhr.audits['total-blocking-time'].numericValue|0, 'SI', lhr.audits['speed-index'].numericValue|0);
    for (const id of ['largest-contentful-paint-element']) {
      const d = lhr.audits[id]?.details; console.log(id, JSON.stringify(d?.items?.map(i => i.items ?? i)).slice(0, 900));
    }
    console.log('long-tasks', JSON.stringify(lhr.audits['long-tasks']?.details?.items?.map(i => [i.url?.split('/').pop(), Math.round(i.startTime), Math.round(i.duration)])));
    console.log('bootup', JSON.stringify(lhr.audits['bootup-time']?.details?.items?.map(i => [i.url?.split('/').pop(), Math.round(i.total), Math.round(i.scripting), Math.round(i.scriptParseCompile)])));
    console.log('mainthread', JSON.stringify(lhr.audits['mainthread-work-breakdown']?.details?.items?.map(i => [i.group, Math.round(i.duration)])));
  }
} finally { await chrome.kill(); await server.stop(); }
