// One browser per test file; `describeE2E` skips (loudly) without Chromium unless E2E_REQUIRED=1.
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './chromium.js';
import { startServer, type RunningServer } from './server.js';

export const describeE2E = (name: string, fn: () => void) => describe.skipIf(!hasChromium)(name, fn);

export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('browser not started');
    return browser;
  };
}

/** The built server for a test file: started before its tests, stopped and its data removed after. */
export function useServer(env: Record<string, string> = {}): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.dispose();
  });
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

/** A fresh page at a phone or desktop size, failing the test on any uncaught page error. */
export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 } });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return page;
}
