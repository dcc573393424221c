// Structured JSON logs with a request id on every line; secrets never reach them. One line per request, written
// off the request's path (docs/benchmarks.md, "Claim lookup against the best bare server", "Session 17"): the lines
// of a few milliseconds are handed as one batch to a thread of the log's own, which makes the request lines' text
// and writes them, and everything is written out before the process ends.
import { openSync } from 'node:fs';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import { LogBatcher } from './log-batch.js';
import { REQUEST_ID_PREFIX } from './request-id.js';

/**
 * A path segment that looks like a token or a provider id (a claim, manage or sign-in token, a sandbox account or
 * checkout id): 16+ URL-safe characters with a digit. Short words and numeric row ids stay readable.
 */
const TOKEN_LIKE_SEGMENT = /^(?=[^/]*\d)[A-Za-z0-9_%.~-]{16,}$/;

const PLAIN_ID_MAX = 12;
const PLAIN_ID = new RegExp(`^\\d{1,${PLAIN_ID_MAX}}$`);

interface Template {
  /** Text and parameter names, alternating ("/a/:id/b" → ["/a/", "id", "/b"]). */
  parts: string[];
  /** The template with every parameter redacted: what most of its requests log, made once. */
  redacted: string;
}
const templates = new Map<string, Template | null>();

/**
 * A route template split once into text and parameter names; null for a wildcard template, whose rest is redacted
 * segment by segment. Worked out per request it was ≈ 2 % of a claim lookup's CPU.
 */
function templateOf(template: string): Template | null {
  let known = templates.get(template);
  if (known === undefined) {
    const parts = template.includes('*') ? null : template.split(/:([A-Za-z0-9_]+)/);
    known = parts && { parts, redacted: parts.filter((_, i) => i % 2 === 0).join('[redacted]') };
    templates.set(template, known);
  }
  return known;
}

/** Whether the log shows any of the template's parameters: only a plain number (an admin's gift id) is shown. */
function showsParam(parts: string[], params: Record<string, unknown>): boolean {
  for (let i = 1; i < parts.length; i += 2) {
    const value = params[parts[i]!];
    // A token is longer than any plain id: it is not tested against the pattern.
    if (typeof value === 'string' && value.length <= PLAIN_ID_MAX && PLAIN_ID.test(value)) return true;
  }
  return false;
}

/**
 * Tokens travel in paths and query strings (claim, manage and sign-in links, the sandbox's account and checkout
 * pages); logs show none of them. The query string is dropped whole. A request that matched a route is logged by
 * its template, each parameter shown only when it is a plain number (an admin's gift id); any other request (the
 * app's pages, 404s) has every token-like segment and every segment after a known token prefix redacted.
 */
export function redactUrl(url: string, route?: { template?: string; params?: unknown }): string {
  const queryAt = url.indexOf('?');
  const query = queryAt === -1 ? '' : '?[redacted]';
  const known = route?.template && route.params && typeof route.params === 'object' ? templateOf(route.template) : null;
  if (known) {
    const { parts } = known;
    const params = route!.params as Record<string, unknown>;
    if (!showsParam(parts, params)) return known.redacted + query;
    let path = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) {
      const value = String(params[parts[i]!] ?? '');
      path += (PLAIN_ID.test(value) ? value : '[redacted]') + parts[i + 1]!;
    }
    return path + query;
  }
  const cleaned = (queryAt === -1 ? url : url.slice(0, queryAt))
    .replace(/\/(claim|manage)\/[^/]+/g, '/$1/[redacted]')
    .replace(/\/(sign-in|signin|login|verify)\/[^/]+/g, '/$1/[redacted]')
    .replace(/\/(onboarding|dashboard|checkout)\/[^/]+/g, '/$1/[redacted]')
    .split('/')
    .map((segment) => (TOKEN_LIKE_SEGMENT.test(segment) ? '[redacted]' : segment))
    .join('/');
  return cleaned + query;
}

/**
 * The URL a request of route `template` logs when nothing of its own shows in it (no query string, no parameter that
 * is a plain number): the same text for every such request. Undefined when the request's own URL is needed.
 */
export function sharedRedactedUrl(url: string, template: string, params: unknown): string | undefined {
  const known = templateOf(template);
  if (!known || url.includes('?') || !params || typeof params !== 'object') return undefined;
  return showsParam(known.parts, params as Record<string, unknown>) ? undefined : known.redacted;
}

/** The request as logged: method and redacted URL (by route template when it matched one). */
export function serializeRequest(request: {
  method: string;
  url: string;
  params?: unknown;
  routeOptions?: { url?: string };
}): { method: string; url: string } {
  return {
    method: request.method,
    url: redactUrl(request.url, { template: request.routeOptions?.url, params: request.params }),
  };
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

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: (error: Error) => serializeError(error) as SerializedError & { stack: string },
      req: serializeRequest,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

export interface AppLogger {
  logger: Logger;
  /** Where the request lines go (OneLinePerRequest): as numbers, made into text by the log's writer thread. */
  requestLines: LogBatcher;
  /**
   * Writes out every line logged so far and waits until it is written; lines logged afterwards are written
   * synchronously. Call it last when shutting down: nothing logged before is lost.
   */
  close(): Promise<void>;
}

/**
 * The app's logger, writing to `target` (standard output by default, standard error, or a file path) from a thread of
 * its own (log-batch.ts): a log call adds the line to a batch and returns; the batch goes to the writer's thread within
 * a few milliseconds, which writes it. If the process exits without close() (process.exit on a fatal error), what is
 * left is written synchronously on exit.
 */
export function createAppLogger(level: string, target: 1 | 2 | string = 1): AppLogger {
  // A file is opened here, synchronously: a destination still opening when the process exits could not be written.
  const fd = typeof target === 'number' ? target : openSync(target, 'a');
  const destination = { write: (line: string) => batcher.line(line) };
  const logger = pino(loggerOptions(level), destination);
  // pino's text of the logger's bindings (pid, hostname), which every request line carries too.
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym]!;
  const batcher = new LogBatcher(fd, bindings, REQUEST_ID_PREFIX);
  return { logger, requestLines: batcher, close: () => batcher.close() };
}

/**
 * Fastify's request lines, as one: nothing when a request comes in, one line with the method, the redacted URL,
 * the status and the time taken when its answer is finished (Fastify logs it after the answer is sent). Other
 * lines Fastify writes (errors, refusals while closing) are its own.
 */
export class OneLinePerRequest extends LogController {
  /**
   * `log` is where the request line goes: the app logger's batches (log-batch.ts), as numbers its writer thread
   * makes into text with the logger's bindings (pid, hostname). The line has one fixed shape of five fields, so it is
   * not made through pino's generic serializers and redaction paths, which were most of the line's cost
   * (docs/benchmarks.md). Its fields are the same:
   * `{"level":30,"time","pid","hostname","reqId","req":{"method","url"},"res":{"statusCode"},"responseTime",
   * "msg":"request completed"}`; the URL goes through redactUrl. Error lines keep pino's path.
   */
  constructor(private readonly log?: AppLogger) {
    super();
  }

  override incomingRequest(): void {}

  /** Also told of every finished request (the request metrics, observability/index.ts): no hook of its own. */
  private measure?: RequestMeasure;

  /** Fastify calls requestCompleted for every request only when it has a logger. */
  get hasLogger(): boolean {
    return this.log !== undefined;
  }

  measureWith(measure: RequestMeasure): void {
    this.measure = measure;
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Fastify builds routeOptions anew on each read: once here for the metrics and the line.
    const template = this.measure || this.log ? request.routeOptions.url : undefined;
    const elapsed = reply.elapsedTime;
    this.measure?.(request.method, template, reply.statusCode, elapsed / 1000);
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime: elapsed, err: error }, 'request errored');
      return;
    }
    const log = this.log;
    if (!log) {
      reply.log.info({ req: request, res: reply, responseTime: elapsed }, 'request completed');
      return;
    }
    if (!log.logger.isLevelEnabled('info')) return;
    const shared = template === undefined ? undefined : sharedRedactedUrl(request.url, template, request.params);
    log.requestLines.request(
      Date.now(),
      request.id as unknown as number, // genReqId's number (request-id.ts)
      request.method,
      shared ?? redactUrl(request.url, { template, params: request.params }),
      shared !== undefined,
      reply.statusCode,
      elapsed,
    );
  }
}

/** What a finished request is measured by: its method, route template (none without a route), status and time. */
export type RequestMeasure = (method: string, route: string | undefined, statusCode: number, seconds: number) => void;
