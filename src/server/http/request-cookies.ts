// The request's cookies, parsed when a route first asks for one: most requests (the claim lookup, pages, webhooks,
// assets) read no cookie, and a parsing hook was a step on every request's path (decision 035). Parsed by the
// `cookie` package, as @fastify/cookie did before decision 036.
import { parseCookie } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Null until a route first reads a cookie (requestCookie). */
    cookies: Record<string, string | undefined> | null;
  }
}

/** Call once on the app, before any route: gives every request its (not yet parsed) cookies. */
export function registerRequestCookies(app: FastifyInstance): void {
  app.decorateRequest('cookies', null);
}

export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const cookies = (request.cookies ??= request.headers.cookie ? parseCookie(request.headers.cookie) : {});
  return cookies[name];
}
