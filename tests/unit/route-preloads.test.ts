// The page HTML for a path carries modulepreload links for exactly that route's chunks.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routePageHtml } from '../../src/server/http/route-preloads.js';

describe('route preloads', () => {
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
  const links = (p: string) => [...pageFor(p).toString().matchAll(/modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

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
});
