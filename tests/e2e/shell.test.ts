// The built product in a real browser: pages served, header and footer, 404 page, scroll to top, graceful restart.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeE2E, newPage, useBrowser, useServer } from './helpers/suite.js';
import { startServer } from './helpers/server.js';

describeE2E('the product shell in Chromium', () => {
  const browser = useBrowser();
  const server = useServer();

  it('serves the app with the header and footer', async () => {
    const page = await newPage(browser());
    await page.goto(server().url + '/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Hushgift home' }).getAttribute('href')).resolves.toBe('/');
    for (const name of ['How it Works', 'Security', 'Pricing']) {
      await header.getByRole('link', { name, exact: true }).waitFor();
    }
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('navigation', { name: 'Product' }).waitFor();
    await footer.getByRole('navigation', { name: 'Support' }).waitFor();
    expect(await footer.textContent()).toContain('© 2025');
    expect(await footer.textContent()).toMatch(/not a charity/);
    await page.context().close();
  });

  it('shows the 404 page for an unknown path, with status 404', async () => {
    const page = await newPage(browser());
    const res = await page.goto(server().url + '/no-such-page');
    expect(res?.status()).toBe(404);
    expect(res?.headers()['content-type']).toMatch(/^text\/html/);
    // (A claim link the lookup refuses is its own page's 404: tests/e2e/claim-page.test.ts.)
    for (const known of ['/admin/login', '/claim-success', '/donor/account']) {
      expect((await fetch(server().url + known)).status).toBe(200);
    }
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.textContent('main')).toMatch(/forget to add the page to the router/);
    await page.context().close();
  });

  it('opens every page at the top after navigation', async () => {
    const page = await newPage(browser(), { width: 800, height: 400 });
    await page.goto(server().url + '/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL('**/faq');
    await page.waitForFunction(() => window.scrollY === 0);
    await page.context().close();
  });

  it('gives hashed assets a long cache lifetime and the page none', async () => {
    // The app shell (a page that is not prerendered) names its entry script in the after-paint loader's list.
    const html = await fetch(server().url + '/admin/login');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(server().url + '/')).headers.get('cache-control')).toBe('no-cache');
    const body = await html.text();
    const asset = /"(\/assets\/index-[^"]+\.js)"\]<\/script>/.exec(body)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(server().url + asset);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describeE2E('server process lifecycle', () => {
  it('shuts down gracefully on SIGTERM and keeps its data for the next start', async () => {
    const first = await startServer();
    const mailbox = await fetch(first.url + '/api/dev/emails');
    expect(mailbox.status).toBe(200);
    expect(await first.stop()).toBe(0);
    const second = await startServer({}, { dataDir: first.dataDir });
    const health = await (await fetch(second.url + '/api/health')).json();
    expect(health).toMatchObject({ status: 'ok', engine: 'pglite' });
    await second.dispose();
  });

  it('starts with `npm start` (the README quick start) and serves the prerendered landing page', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-npm-start-'));
    let output = '';
    // Its own process group: npm runs a shell that runs the server, and all of them stop together.
    const child = spawn('npm', ['start'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // Port 0: the server binds a port the system chooses and logs it (npm passes on no socket to inherit).
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let html = '';
      for (let i = 0; i < 300 && child.exitCode === null && !html; i++) {
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        html = !listening
          ? ''
          : await fetch(`${listening}/`).then(
              (r) => (r.ok ? r.text() : ''),
              () => '',
            );
        if (!html) await new Promise((r) => setTimeout(r, 200));
      }
      expect(html, output).toMatch(/<div id="root">.*Send money anonymously\./s);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with a bad variable, naming it in one line', async () => {
    await expect(startServer({ PORT: 'not-a-port' })).rejects.toThrow(/Invalid configuration: PORT/);
  });
});
