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

/** Error fields that can carry personal data: bound query parameters, and the database's row detail. */
const DATA_BEARING_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'values']);

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/** Drizzle's query errors spell the bound parameters out in their message (and so in their stack). */
const withoutParams = (text: string): string =>
  text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');

/** Logs an error's type, message, stack, code and SQL text, and its causes, never the values it was given. */
export function serializeError(error: unknown, depth = 0): SerializedError | unknown {
  if (!(error instanceof Error)) return error;
  const out: SerializedError = {
    type: error.constructor.name,
    message: withoutParams(error.message),
    stack: error.stack === undefined ? undefined : withoutParams(error.stack),
  };
  for (const [field, value] of Object.entries(error)) {
    if (DATA_BEARING_ERROR_FIELDS.has(field) || field === 'cause') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[field] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: (error: Error) => serializeError(error) as SerializedError & { stack: string },
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url) };
      },
    },
  };
}

export const genReqId = (): string => randomUUID();
