// Finds Debian's Chromium. Without it, browser tests are skipped loudly, unless E2E_REQUIRED=1 makes that a failure.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  (p): p is string => Boolean(p),
);

export const chromiumPath: string | undefined = CANDIDATES.find((p) => existsSync(p));
export const e2eRequired = process.env.E2E_REQUIRED === '1';
export const hasChromium = Boolean(chromiumPath);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium not found: apt-get install -y chromium');
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
}
