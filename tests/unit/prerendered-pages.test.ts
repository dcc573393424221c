// The server sends the build's prerendered page for exactly its path (compressed as the browser accepts), the app
// shell for every other page, and never the prerendered files at a second address; the build composes each page
// from the shell, the rendered markup and the page's own title and description.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { registerClientApp } from '../../src/server/http/client-app.js';
import { prerenderedFileName } from '../../src/server/http/prerendered-pages.js';
import { prerenderedDocument } from '../../src/server/http/prerendered-document.js';
import {
  AFTER_PAINT_LOADER,
  AFTER_PAINT_LOADER_CSP,
  afterPaintScripts,
} from '../../src/server/http/after-paint-scripts.js';

const ENTRY = '<script type="module" crossorigin src="/assets/index-e.js"></script>';
const SHELL = `<html><head><title>Hushgift</title><meta name="description" content="generic" />${ENTRY}</head><body><div id="root"></div></body></html>`;
const HOME = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Send money anonymously.</h1></div>');
const TOGETHER = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Give together</h1></div>');
const FAQ = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Frequently Asked Questions</h1></div>');

function clientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-prerendered-'));
  writeFileSync(path.join(dir, 'index.html'), SHELL);
  mkdirSync(path.join(dir, 'prerendered'));
  const home = path.join(dir, 'prerendered', prerenderedFileName('/'));
  writeFileSync(home, HOME);
  writeFileSync(`${home}.br`, brotliCompressSync(HOME));
  writeFileSync(`${home}.gz`, gzipSync(HOME));
  writeFileSync(path.join(dir, 'prerendered', prerenderedFileName('/faq')), FAQ); // too small to compress
  writeFileSync(path.join(dir, 'prerendered', prerenderedFileName('/together/new')), TOGETHER);
  return dir;
}

describe('prerendered pages on the server', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerClientApp(app, clientDir());
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the prerendered page for its exact path, brotli or gzip as accepted', async () => {
    const br = await get('/', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HOME);

    const gz = await get('/?ref=mail', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(HOME);

    expect((await get('/', 'br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');
    expect((await get('/', '*')).headers['content-encoding']).toBe('br');
    for (const accept of [undefined, '', 'identity', 'br;q=0']) {
      const plain = await get('/', accept);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body).toBe(HOME);
    }
  });

  it('treats a trailing slash and a query string as the same page; sends a page without compressed forms as it is', async () => {
    for (const url of ['/faq', '/faq/', '/faq?category=fees']) {
      const res = await get(url, 'br, gzip');
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toBe(FAQ);
    }
  });

  it('sends a page of a nested path at that path', async () => {
    expect((await get('/together/new', undefined)).body).toBe(TOGETHER);
    expect((await get('/together__new', undefined)).body).not.toBe(TOGETHER);
  });

  it('sends the app shell for every other page, including the prerendered files by their own name', async () => {
    for (const url of [
      '/claim/abc123',
      '/admin',
      '/donor/account',
      '/gift/recipient-info',
      '/faq/extra',
      '/no-such-page',
      '/prerendered/faq.html',
      '/prerendered/index.html.br',
    ]) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toBe(SHELL);
    }
    expect((await get('/api/nothing')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/faq' })).statusCode).toBe(404);
  });
});

describe('prerendered page document', () => {
  const noCss = (href: string): string => {
    throw new Error(`unexpected stylesheet ${href}`);
  };

  it('puts the markup inside #root and the page title and description, escaped, in the head', () => {
    const doc = prerenderedDocument(
      SHELL,
      {
        html: '<h1>Security &amp; Privacy</h1>',
        meta: { title: 'Security & Privacy · Hushgift', description: 'Cards "never" stored <here>' },
      },
      noCss,
    );
    expect(doc).toBe(
      '<html><head><title>Security &amp; Privacy · Hushgift</title><meta name="description" content="Cards &quot;never&quot; stored &lt;here&gt;" /></head>' +
        `<body><div id="root"><h1>Security &amp; Privacy</h1></div>${afterPaintScripts([], '/assets/index-e.js')}</body></html>`,
    );
    expect(prerenderedDocument(SHELL, { html: '<p>$& $1</p>', meta: null }, noCss)).toContain(
      '<div id="root"><p>$& $1</p></div><',
    );
  });

  it('loads the entry and the route chunks only after the first paint, through the one loader the CSP allows', () => {
    const shell = SHELL.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/Page-a.js"><link rel="modulepreload" crossorigin href="/assets/card-b.js"></head>',
    );
    const doc = prerenderedDocument(shell, { html: '<h1>x</h1>', meta: null }, noCss);
    const head = doc.slice(0, doc.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(doc).toContain(
      `<div id="root"><h1>x</h1></div><script type="application/json" id="hg-after-paint">["/assets/Page-a.js","/assets/card-b.js","/assets/index-e.js"]</script><script>${AFTER_PAINT_LOADER}</script></body>`,
    );
    const hash = createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64');
    expect(AFTER_PAINT_LOADER_CSP).toBe(`'sha256-${hash}'`);
    // Only the loader runs inline; a URL cannot close the data block.
    expect(afterPaintScripts(['/a</script><script>alert(1)//'], '/e.js')).not.toContain('</script><script>alert');
  });

  it('inlines the stylesheet so the first paint needs no second request', () => {
    const shell = SHELL.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>');
    const read = (href: string) => (href === '/assets/index-abc.css' ? '.a{color:red}' : noCss(href));
    expect(prerenderedDocument(shell, { html: '', meta: null }, read)).toContain('<style>.a{color:red}</style></head>');
    expect(() => prerenderedDocument(shell, { html: '', meta: null }, () => 'a{content:"</style>"}')).toThrow(
      /cannot be inlined/,
    );
  });

  it('refuses a shell it cannot fill rather than shipping half a page', () => {
    expect(() => prerenderedDocument('<body><main></main></body>', { html: '<h1>x</h1>', meta: null }, noCss)).toThrow(
      /id="root"/,
    );
    expect(() =>
      prerenderedDocument(
        SHELL.replace('<title>Hushgift</title>', ''),
        { html: '', meta: { title: 't', description: 'd' } },
        noCss,
      ),
    ).toThrow(/<title>/);
  });

  it('names files after paths of plain segments only', () => {
    expect(prerenderedFileName('/')).toBe('index.html');
    expect(prerenderedFileName('/terms-of-use')).toBe('terms-of-use.html');
    expect(prerenderedFileName('/together/new')).toBe('together__new.html');
    expect(() => prerenderedFileName('/claim/')).toThrow();
    expect(() => prerenderedFileName('/claim/A_b')).toThrow();
    expect(() => prerenderedFileName('/../x')).toThrow();
  });
});
