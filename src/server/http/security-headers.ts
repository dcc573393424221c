// Security headers on every answer (pages, API answers, errors, 404s). Helmet decides their values; they are worked
// out once at start-up, because @fastify/helmet rebuilt Helmet's middleware (parsing the CSP again) and ran two hooks
// on every request, about 3 % of a claim lookup's CPU (decision 022). No header here depends on the request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { AFTER_PAINT_LOADER_CSP } from './after-paint-scripts.js';
import { CLAIM_FORM_SCRIPT_CSP } from './claim-form-script.js';

/**
 * The Content-Security-Policy, directive by directive. Helmet's defaults are off (useDefaults: false) so nothing is
 * added or loosened behind this list (its default style-src allows any https: origin).
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  // The only inline scripts, by hash: the loader that prerendered pages use to fetch their scripts after the first
  // paint, and the server-rendered claim page's form script.
  'script-src': ["'self'", AFTER_PAINT_LOADER_CSP, CLAIM_FORM_SCRIPT_CSP],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The hosted checkout of a real provider (Stripe Checkout). A form posted without scripts that opens a checkout (the
 * share page's, decision 026) is answered with a redirect there, and browsers apply form-action to the redirect too:
 * that page's policy allows it. The sandbox's checkout is on this site ('self').
 */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** The Content-Security-Policy header of a page whose form may lead to the real provider's hosted checkout. */
export function checkoutFormPolicy(provider: 'sandbox' | 'stripe'): string {
  const formAction = [...CSP_DIRECTIVES['form-action']!, ...(provider === 'stripe' ? [STRIPE_CHECKOUT_ORIGIN] : [])];
  const directives = { ...CSP_DIRECTIVES, 'form-action': formAction };
  return headersSetBy({ contentSecurityPolicy: { useDefaults: false, directives } })['content-security-policy']!;
}

/** Helmet's options: every header it sets named here, so a Helmet upgrade cannot change one silently. */
export function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS over plain http is ignored by browsers and would only mislead; the public URL says which it is.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
    xFrameOptions: { action: 'deny' },
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  };
}

/** Helmet has no Permissions-Policy: the features no page here uses are refused. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/** Every security header, by lower-case name, as Helmet sets them with these options plus Permissions-Policy. */
export function securityHeaders(https: boolean): Record<string, string> {
  return { ...headersSetBy(helmetOptions(https)), 'permissions-policy': PERMISSIONS_POLICY };
}

/** The headers Helmet sets with these options, by lower-case name (none depends on the request). */
function headersSetBy(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware is synchronous and throws on a bad option.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
