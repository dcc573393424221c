// Before the browser tests: the built server must exist (build it if stale) and Chromium must be there when required.
import { execSync } from 'node:child_process';
import { chromiumPath, e2eRequired } from './helpers/chromium.js';

export default function setup(): void {
  if (!chromiumPath) {
    const notice = 'Chromium not found (apt-get install -y chromium): the browser tests are SKIPPED.';
    if (e2eRequired) throw new Error(`E2E_REQUIRED=1 but ${notice}`);
    process.stderr.write(`\n${'!'.repeat(80)}\n!! ${notice}\n${'!'.repeat(80)}\n\n`);
    return;
  }
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
}
