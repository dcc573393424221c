// The request's cookies, parsed when a route first asks for one. @fastify/cookie runs with `hook: false`: most
// requests (the claim lookup, pages, webhooks, assets) read no cookie, and its parsing hook was a step on every
// request's path (decision 035). Setting a cookie (reply.setCookie) still works as the plugin documents.
import type { FastifyRequest } from 'fastify';

export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  // Null until parsed: here, or by reply.setCookie, which parses them too before it sets one.
  const parsed = request.cookies as FastifyRequest['cookies'] | null;
  const cookies =
    parsed ?? (request.cookies = request.headers.cookie ? request.server.parseCookie(request.headers.cookie) : {});
  return cookies[name];
}
