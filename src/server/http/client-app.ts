// Serves the built client: hashed assets cached for a year, everything else revalidated; the public pages
// prerendered at build time for their paths; any other app path gets the app shell, and a path that is no page
// gets the shell (which shows the 404 page) with status 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { chooseEncoding, loadPrerenderedPages, PRERENDERED_DIR, prerenderedPageFor } from './prerendered-pages.js';
import { appRouteMatcher, routePageHtml } from './route-preloads.js';
import { appFrame } from './app-frame.js';

export async function registerClientApp(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;

  const pageFor = clientDir && indexHtml ? routePageHtml(clientDir, indexHtml) : undefined;
  const isAppRoute = clientDir && indexHtml ? appRouteMatcher(clientDir) : () => true;
  const prerendered = loadPrerenderedPages(indexHtml ? clientDir : undefined);
  const framed = clientDir && indexHtml ? appFrame(clientDir) : undefined;

  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // The prerendered pages are answered at their own paths only (below), never at a second address.
      globIgnore: [`${PRERENDERED_DIR}/**`],
      // Sends the .br / .gz files the build wrote beside each asset when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      !['GET', 'HEAD'].includes(request.method) ||
      !indexHtml
    ) {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: `Not found: ${request.method} ${pathname}` });
    }
    // An unknown path gets the app's 404 page with status 404, so crawlers and monitors see it as missing.
    reply
      .status(isAppRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    const page = prerenderedPageFor(prerendered, pathname) ?? framed?.(pageFor!(pathname));
    if (!page) return reply.send(pageFor!(pathname));
    const encoding = chooseEncoding(request.headers['accept-encoding'], page);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page.encoded[encoding] : page.identity);
  });
}
