// Structured JSON logs with a request id on every line; secrets never reach them. One line per request, written
// off the request's path (docs/benchmarks.md, "Claim lookup against the best bare server"): the lines of a few
// milliseconds are joined and handed to a buffer that a libuv thread writes out, and everything is written out
// before the process ends.
import { randomUUID } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import { jsonString } from './json-text.js';

/**
 * A path segment that looks like a token or a provider id (a claim, manage or sign-in token, a sandbox account or
 * checkout id): 16+ URL-safe characters with a digit. Short words and numeric row ids stay readable.
 */
const TOKEN_LIKE_SEGMENT = /^(?=[^/]*\d)[A-Za-z0-9_%.~-]{16,}$/;

const PLAIN_ID = /^\d{1,12}$/;
const templates = new Map<string, string[] | null>();

/**
 * A route template split once into text and parameter names, alternating ("/a/:id/b" → ["/a/", "id", "/b"]); null for
 * a wildcard template, whose rest is redacted segment by segment. Worked out per request it was ≈ 2 % of a claim
 * lookup's CPU.
 */
function templateParts(template: string): string[] | null {
  let parts = templates.get(template);
  if (parts === undefined) {
    parts = template.includes('*') ? null : template.split(/:([A-Za-z0-9_]+)/);
    templates.set(template, parts);
  }
  return parts;
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
  const parts =
    route?.template && route.params && typeof route.params === 'object' ? templateParts(route.template) : null;
  if (parts) {
    const params = route!.params as Record<string, unknown>;
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
  /**
   * Writes out every buffered line and waits until it is written; lines logged afterwards are written
   * synchronously. Call it last when shutting down: nothing logged before is lost.
   */
  close(): Promise<void>;
}

/** How long a line may wait to be handed on: one write per interval at most, however many requests it holds. */
const BATCH_MS = 10;

/**
 * The lines logged within BATCH_MS, handed on as one string. A line appended to sonic-boom's buffer costs its UTF-8
 * length and a concatenation, and each write sonic-boom starts costs a trip to a libuv thread and back; pushed here
 * a line costs an array slot, and a batch one join and one write (docs/benchmarks.md, "Session 10").
 */
class LineBatch {
  private lines: string[] = [];
  private timer?: NodeJS.Timeout;

  constructor(private readonly out: { write(text: string): unknown }) {}

  write(line: string): void {
    this.lines.push(line);
    // Unref'd: a batch waiting alone does not keep the process up; close() and the exit handler write it out.
    this.timer ??= setTimeout(this.handOn, BATCH_MS).unref();
  }

  /** Takes the lines waiting (for the exit handler, which writes them itself). */
  take(): string {
    const text = this.lines.join('');
    this.lines = [];
    return text;
  }

  readonly handOn = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length > 0) this.out.write(this.take());
  };
}

/** Loggers not yet closed: on exit, each writes out what it holds (process.exit skips every turn still to come). */
const open = new Set<() => void>();
process.on('exit', () => {
  for (const writeOut of open) writeOut();
});

/**
 * The app's logger, writing to `target` (standard output by default, standard error, or a file path)
 * asynchronously: a log call adds the line to a batch and returns; the batch goes to sonic-boom's buffer within
 * BATCH_MS, and the write itself runs on a libuv thread, taking whatever has piled up meanwhile in one
 * go. So a request's line costs its JSON, not a system call on the request's path. If the process exits without
 * close() (process.exit on a fatal error), the buffer and the batch are written synchronously on exit.
 */
export function createAppLogger(level: string, target: 1 | 2 | string = 1): AppLogger {
  // A file is opened here, synchronously: a destination still opening when the process exits could not be written.
  const openTarget = () => (typeof target === 'number' ? target : openSync(target, 'a'));
  const fd = openTarget();
  const buffered = pino.destination({ dest: fd, sync: false });
  const batch = new LineBatch(buffered);
  let current: { write(line: string): unknown } = batch;
  const logger = pino(loggerOptions(level), { write: (line: string) => current.write(line) });
  // Older lines first: sonic-boom's buffer, then the batch. Not through sonic-boom's write, which would start an
  // asynchronous write that exiting cuts off.
  const writeOutOnExit = () => {
    try {
      buffered.flushSync();
      const rest = batch.take();
      if (rest) writeSync(fd, rest);
    } catch {
      // Exiting: a destination that cannot take the lines now has nowhere else to send them.
    }
  };
  open.add(writeOutOnExit);
  let closing: Promise<void> | undefined;
  return {
    logger,
    close() {
      closing ??= new Promise<void>((resolve) => {
        open.delete(writeOutOnExit);
        batch.handOn();
        // From now on lines go out synchronously; the buffer is ended, which waits for a write in flight, writes
        // the rest and only then reports closed (a line appended after its last write would be dropped).
        current = pino.destination({ dest: openTarget(), sync: true }); // its own descriptor: end() closes a file's
        buffered.once('close', () => resolve());
        buffered.end();
      });
      return closing;
    },
  };
}

/**
 * Fastify's request lines, as one: nothing when a request comes in, one line with the method, the redacted URL,
 * the status and the time taken when its answer is finished (Fastify logs it after the answer is sent). Other
 * lines Fastify writes (errors, refusals while closing) are its own.
 */
export class OneLinePerRequest extends LogController {
  /**
   * Where the request line goes: the app logger's own destination, with its bindings (pid, hostname). The line has
   * one fixed shape of five fields, so it is written as text, not through pino's generic serializers and redaction
   * paths, which were most of the line's cost, itself ≈ 6 % of a claim lookup (docs/benchmarks.md). Its fields are
   * the same: `{"level":30,"time","pid","hostname","reqId","req":{"method","url"},"res":{"statusCode"},
   * "responseTime","msg":"request completed"}`; the URL goes through redactUrl. Error lines keep pino's path.
   */
  private readonly lines?: { logger: Logger; stream: { write(line: string): unknown }; bindings: string };

  constructor(logger?: Logger) {
    super();
    if (logger) {
      const internals = logger as unknown as Record<symbol, unknown>;
      this.lines = {
        logger,
        stream: internals[pino.symbols.streamSym] as { write(line: string): unknown },
        bindings: internals[pino.symbols.chindingsSym] as string,
      };
    }
  }

  override incomingRequest(): void {}

  /** Also told of every finished request (the request metrics, observability/index.ts): no hook of its own. */
  private measure?: RequestMeasure;

  /** Fastify calls requestCompleted for every request only when it has a logger. */
  get hasLogger(): boolean {
    return this.lines !== undefined;
  }

  measureWith(measure: RequestMeasure): void {
    this.measure = measure;
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Fastify builds routeOptions anew on each read: once here for the metrics and the line.
    const template = this.measure || this.lines ? request.routeOptions.url : undefined;
    const elapsed = reply.elapsedTime;
    this.measure?.(request.method, template, reply.statusCode, elapsed / 1000);
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime: elapsed, err: error }, 'request errored');
      return;
    }
    const lines = this.lines;
    if (!lines) {
      reply.log.info({ req: request, res: reply, responseTime: elapsed }, 'request completed');
      return;
    }
    if (!lines.logger.isLevelEnabled('info')) return;
    const url = redactUrl(request.url, { template, params: request.params });
    // The id is genReqId's (hex digits and dashes) and the method a token Node's parser accepted: neither needs escaping.
    lines.stream.write(
      `{"level":30,"time":${Date.now()}${lines.bindings},"reqId":"${request.id}",` +
        `"req":{"method":"${request.method}","url":${jsonString(url)}},` +
        `"res":{"statusCode":${reply.statusCode}},"responseTime":${milliseconds(elapsed)},"msg":"request completed"}\n`,
    );
  }
}

const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/**
 * A duration in milliseconds to the microsecond, written from integers: printing the double itself (shortest
 * round-trip digits) cost more than the rest of the line.
 */
export function milliseconds(value: number): string {
  const micros = Math.round(value * 1000);
  if (!(micros >= 0 && micros < 2 ** 31)) return String(value);
  const rest = micros % 1000;
  return `${(micros - rest) / 1000}.${THREE_DIGITS[rest]}`;
}

/** What a finished request is measured by: its method, route template (none without a route), status and time. */
export type RequestMeasure = (method: string, route: string | undefined, statusCode: number, seconds: number) => void;

/** A random part per process: ids from two processes never meet. */
const REQUEST_ID_PREFIX = randomUUID().slice(0, 24);
let requestCount = 0;

/**
 * Request ids, UUID-shaped: the process's random part and a counter (randomUUID for each request was ≈ 1 µs of a
 * claim lookup, docs/benchmarks.md). They only tie log lines together and are never shown outside the logs.
 */
export const genReqId = (): string => REQUEST_ID_PREFIX + (requestCount++).toString(16).padStart(12, '0');
