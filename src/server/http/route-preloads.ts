// The app page for a path, with <link rel="modulepreload"> for the chunks that path's page needs
// (route-preloads.json, written by the build), so they download alongside the entry chunk.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface RoutePreload {
  path: string;
  files: string[];
}

/** React Router pattern → RegExp: ":param" is one segment, "*" anything. */
function patternRegex(pattern: string): RegExp {
  if (pattern === '*') return /^/;
  const body = pattern
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * Whether a path is one of the app's pages (any pattern but the catch-all), so an unknown path is answered with
 * status 404. Without a manifest (no build) every path counts as a page.
 */
export function appRouteMatcher(clientDir: string): (pathname: string) => boolean {
  const file = path.join(clientDir, 'route-preloads.json');
  if (!existsSync(file)) return () => true;
  const patterns = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[])
    .filter((r) => r.path !== '*')
    .map((r) => patternRegex(r.path));
  return (pathname) => patterns.some((p) => p.test(pathname));
}

export function routePageHtml(clientDir: string, indexHtml: Buffer): (pathname: string) => Buffer {
  const file = path.join(clientDir, 'route-preloads.json');
  if (!existsSync(file)) return () => indexHtml;
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]).map((r) => ({
    ...r,
    regex: patternRegex(r.path),
  }));
  // Specific patterns before the catch-all, as the router ranks them.
  routes.sort((a, b) => Number(a.path === '*') - Number(b.path === '*'));
  const html = indexHtml.toString('utf8');
  const cache = new Map<string, Buffer>();
  return (pathname) => {
    const route = routes.find((r) => r.regex.test(pathname));
    if (!route || route.files.length === 0) return indexHtml;
    let page = cache.get(route.path);
    if (!page) {
      const links = route.files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
      page = Buffer.from(html.replace('</head>', `${links}</head>`));
      cache.set(route.path, page);
    }
    return page;
  };
}
