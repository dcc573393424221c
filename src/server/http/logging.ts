// Structured JSON logs with a request id on every line; secrets never reach them.
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

/** Claim tokens and sign-in tokens travel in paths and query strings; logs show neither. */
export function redactUrl(url: string): string {
  const [pathname = ''] = url.split('?');
  const cleaned = pathname
    .replace(/\/claim\/[^/]+/g, '/claim/[redacted]')
    .replace(/\/(sign-in|signin|login)\/[^/]+/g, '/$1/[redacted]')
    .replace(/\/(onboarding|dashboard|checkout)\/[^/]+/g, '/$1/[id]');
  return url.includes('?') ? `${cleaned}?[redacted]` : cleaned;
}

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.email',
  '*.securityAnswer',
  '*.token',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url) };
      },
    },
  };
}

export const genReqId = (): string => randomUUID();
