// The app's one onRequest hook: security headers on every answer (Helmet, security-headers.ts), load shedding
// (observability/load-shedding.ts), and refusal of cross-site state changes (CSRF).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { ShedLoad } from '../observability/load-shedding.js';
import { forbidden } from '../errors.js';
import { securityHeaders } from './security-headers.js';

const API_PREFIX = '/api/';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Provider webhooks are server-to-server and authenticated by signature, not by cookie.
const CSRF_EXEMPT = /^\/api\/webhooks\//;

/** `shed` answers 503 while the process is under pressure (none: never shed). */
export function registerSecurity(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl' | 'secureCookies'>,
  shed: ShedLoad = () => false,
): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  const headers = securityHeaders(config.secureCookies);
  // Every API answer is private or changes from call to call (a gift, a session, an admin's list): never stored.
  // Set here with the rest, errors and 404s included, rather than by a hook per area: each hook is a step on every
  // request's path (decision 035). A route that may be cached says so itself (the API docs).
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  // A callback hook, not an async one: no promise per request on the hottest path. Load shedding is asked here, not
  // in a hook of its own (decision 037): an overloaded process answers 503 before any other work, with the headers.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? apiHeaders : headers);
    if (shed(request, reply)) return;
    if (UNSAFE_METHODS.has(request.method) && !CSRF_EXEMPT.test(request.url) && isCrossSite(request, publicOrigin)) {
      done(forbidden('Cross-site requests are not allowed. Use the form on this site.', 'CSRF_REJECTED'));
      return;
    }
    done();
  });
}

/** A browser always sends Origin (and Sec-Fetch-Site) on a cross-site POST; a request without either is not a browser's. */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  // Pages are served with Referrer-Policy: no-referrer, so the browser sends "Origin: null" on their own form
  // posts; Sec-Fetch-Site (which no page can forge) still says same-origin.
  if (site === 'same-origin') return false;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === publicOrigin) return false;
  return origin !== `${request.protocol}://${request.host}`;
}
