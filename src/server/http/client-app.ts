// Serves the built client: hashed assets cached for a year, everything else revalidated; unknown paths get the app.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routePageHtml } from './route-preloads.js';

export async function registerClientApp(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;

  const pageFor = clientDir && indexHtml ? routePageHtml(clientDir, indexHtml) : undefined;

  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
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
    if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method) || !indexHtml) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pageFor!(pathname));
  });
}
