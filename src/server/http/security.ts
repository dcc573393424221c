// Security headers on every answer, and refusal of cross-site state changes (CSRF).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { forbidden } from '../errors.js';
import { AFTER_PAINT_LOADER_CSP } from './after-paint-scripts.js';
import { CLAIM_FORM_SCRIPT_CSP } from './claim-form-script.js';

const CSP = [
  "default-src 'self'",
  // The only inline scripts, by hash: the loader that prerendered pages use to fetch their scripts after the first
  // paint, and the server-rendered claim page's form script.
  `script-src 'self' ${AFTER_PAINT_LOADER_CSP} ${CLAIM_FORM_SCRIPT_CSP}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Provider webhooks are server-to-server and authenticated by signature, not by cookie.
const CSRF_EXEMPT = /^\/api\/webhooks\//;

/** The same headers on every answer: one object, set in one call (the hook runs on every request; decision 015). */
const SECURITY_HEADERS = {
  'content-security-policy': CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  const headers = config.secureCookies ? { ...SECURITY_HEADERS, ...HSTS } : SECURITY_HEADERS;
  // A callback hook, not an async one: no promise per request on the hottest path.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
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
