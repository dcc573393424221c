// Before the e2e files: the built server must exist (built if stale) for every file, the browser-less ones (crash
// recovery, several instances, log redaction) included; and Chromium must be there when required.
import { execSync } from 'node:child_process';
import { chromiumPath, e2eRequired } from './helpers/chromium.js';

export default function setup(): void {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  if (!chromiumPath) {
    const notice = 'Chromium not found (apt-get install -y chromium): the browser tests are SKIPPED.';
    if (e2eRequired) throw new Error(`E2E_REQUIRED=1 but ${notice}`);
    process.stderr.write(`\n${'!'.repeat(80)}\n!! ${notice}\n${'!'.repeat(80)}\n\n`);
  }
}
