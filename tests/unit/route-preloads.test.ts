// Route preloads end to end without a build: the list the build derives from the route table and the bundle's
// chunks, the route table against the page files, and the page HTML carrying exactly that route's links.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Rollup } from 'vite';
import { routePreloads } from '../../scripts/lib/route-preloads.js';
import { pageFile, routeTable, type RouteEntry } from '../../src/client/app/route-table.js';
import { appRouteMatcher, routePageHtml } from '../../src/server/http/route-preloads.js';

const pagesDir = path.resolve(import.meta.dirname, '../../src/client/pages');

describe('route table', () => {
  it('names an existing page for every route, and routes every page', () => {
    const files = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    const routed = new Set(routeTable.map(pageFile));
    expect([...routed].sort()).toEqual(files.map((f) => f.split(path.sep).join('/')).sort());
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
    expect(routeTable.at(-1)?.path).toBe('*');
  });
});

describe('route preloads from the bundle', () => {
  const chunk = (
    fileName: string,
    facadeModuleId: string | null,
    imports: string[] = [],
    isEntry = false,
    moduleIds: string[] = facadeModuleId ? [facadeModuleId] : [],
  ) => ({ type: 'chunk', fileName, facadeModuleId, imports, isEntry, moduleIds }) as unknown as Rollup.OutputChunk;
  const page = (file: string) => path.join(pagesDir, file);
  const provider = '/src/client/app/query-provider.tsx';
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', '/src/client/main.tsx', ['assets/react.js'], true),
      chunk('assets/react.js', null),
      chunk('assets/Landing.js', page('home/home-page.tsx'), ['assets/react.js', 'assets/button.js']),
      chunk('assets/button.js', null, ['assets/react.js']),
      chunk('assets/Claim.js', page('claim/claim-page.tsx'), ['assets/button.js', 'assets/api.js']),
      chunk('assets/api.js', null),
      chunk('assets/query-provider.js', provider, ['assets/query.js']),
      chunk('assets/query.js', null, ['assets/api.js']),
    ].map((c) => [c.fileName, c]),
  ) as Rollup.OutputBundle;
  const routes: RouteEntry[] = [
    { path: '/', page: 'home/home-page', serverData: false },
    { path: '/claim/:token', page: 'claim/claim-page', serverData: true },
  ];

  it('finds a page that Rollup merged into a chunk with another facade', () => {
    const merged = {
      ...bundle,
      'assets/Claim.js': chunk(
        'assets/Claim.js',
        '/src/client/features/claim/shared.ts',
        ['assets/button.js', 'assets/api.js'],
        false,
        ['/src/client/features/claim/shared.ts', page('claim/claim-page.tsx')],
      ),
    } as Rollup.OutputBundle;
    const [, claim] = routePreloads({ bundle: merged, routes, pagesDir, withServerData: [provider] });
    expect(claim!.files.slice(0, 3)).toEqual(['/assets/Claim.js', '/assets/button.js', '/assets/api.js']);
    expect(() =>
      routePreloads({
        bundle: merged,
        routes: [{ path: '/x', page: 'x/missing-page', serverData: false }],
        pagesDir,
        withServerData: [],
      }),
    ).toThrow(/no chunk for/);
  });

  it("lists each page's chunks and their imports, with the query provider only for server-data pages", () => {
    expect(routePreloads({ bundle, routes, pagesDir, withServerData: [provider] })).toEqual([
      { path: '/', files: ['/assets/Landing.js', '/assets/button.js'] },
      {
        path: '/claim/:token',
        files: [
          '/assets/Claim.js',
          '/assets/button.js',
          '/assets/api.js',
          '/assets/query-provider.js',
          '/assets/query.js',
        ],
      },
    ]);
  });

  it('fails the build when a route names a page that has no chunk', () => {
    const missing = [...routes, { path: '/gone', page: 'info/gone-page', serverData: false }];
    expect(() => routePreloads({ bundle, routes: missing, pagesDir, withServerData: [provider] })).toThrow(/gone-page/);
  });
});

describe('route preloads in the page HTML', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-preload-'));
  const index = Buffer.from('<html><head><title>x</title></head><body></body></html>');
  writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify([
      { path: '*', files: ['/assets/NotFound.js'] },
      { path: '/', files: ['/assets/Landing.js'] },
      { path: '/pricing', files: ['/assets/Pricing.js', '/assets/shared.js'] },
      { path: '/claim/:token', files: ['/assets/Claim.js'] },
      { path: '/empty', files: [] },
    ]),
  );
  const pageFor = routePageHtml(dir, index);
  const links = (p: string) =>
    [
      ...pageFor(p)
        .toString()
        .matchAll(/modulepreload" crossorigin href="([^"]+)"/g),
    ].map((m) => m[1]);

  it('matches exact paths, parameters and the catch-all', () => {
    expect(links('/')).toEqual(['/assets/Landing.js']);
    expect(links('/pricing')).toEqual(['/assets/Pricing.js', '/assets/shared.js']);
    expect(links('/pricing/')).toEqual(['/assets/Pricing.js', '/assets/shared.js']);
    expect(links('/claim/abc_DEF-123')).toEqual(['/assets/Claim.js']);
    expect(links('/claim/abc/extra')).toEqual(['/assets/NotFound.js']);
    expect(links('/no-such-page')).toEqual(['/assets/NotFound.js']);
  });

  it('puts the links in the head and leaves the page alone without chunks or a manifest', () => {
    expect(pageFor('/pricing').toString()).toMatch(/<link rel="modulepreload"[^>]+><link[^>]+><\/head>/);
    expect(pageFor('/empty')).toBe(index);
    const bare = routePageHtml(mkdtempSync(path.join(os.tmpdir(), 'hg-preload-')), index);
    expect(bare('/pricing')).toBe(index);
  });

  it('knows the app pages apart from unknown paths (answered 404)', () => {
    const isAppRoute = appRouteMatcher(dir);
    for (const p of ['/', '/pricing', '/pricing/', '/claim/abc_DEF-123', '/empty']) expect(isAppRoute(p)).toBe(true);
    for (const p of ['/no-such-page', '/claim/abc/extra', '/pricingx']) expect(isAppRoute(p)).toBe(false);
  });
});
