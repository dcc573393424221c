// Each request's logger (request.log) is pino's child with the request id, made only when something logs through it.
// Most requests log nothing but their one request line, which is written from the app logger directly
// (logging.ts, OneLinePerRequest), so a child made for every request was ≈ 2 % of a claim lookup's CPU spent on an
// object nobody used (docs/benchmarks.md).
//
// It is given through the app logger's own `child`, not Fastify's childLoggerFactory option: with a factory of its
// own Fastify checks every request's logger for its seven methods (an array, a filter and fourteen property reads),
// ≈ 4k instructions of a claim lookup's 312k (docs/benchmarks.md, "Session 15"); with its default factory it only
// calls `logger.child`.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';
import { requestIdOf } from './request-id.js';

/** Pino's own `child`, called on the logger to make a child of. */
type MakeChild = (this: Logger, bindings: Bindings, options?: ChildLoggerOptions) => Logger;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

class RequestLogger {
  private made?: Logger;

  constructor(
    private readonly parent: Logger,
    private readonly pinoChild: MakeChild,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private logger(): Logger {
    if (this.made) return this.made;
    // The request's id is a number until something logs it (request-id.ts).
    const bindings =
      'reqId' in this.bindings ? { ...this.bindings, reqId: requestIdOf(this.bindings.reqId) } : this.bindings;
    return (this.made = this.pinoChild.call(this.parent, bindings, this.options));
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  private at(level: Level, args: unknown[]): void {
    // A level the parent does not log costs nothing (unless the route sets its own level): no child is made.
    if (!this.made && this.options.level === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.logger()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.at('fatal', args);
  }
  error(...args: unknown[]) {
    this.at('error', args);
  }
  warn(...args: unknown[]) {
    this.at('warn', args);
  }
  info(...args: unknown[]) {
    this.at('info', args);
  }
  debug(...args: unknown[]) {
    this.at('debug', args);
  }
  trace(...args: unknown[]) {
    this.at('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.pinoChild.call(this.logger(), bindings, options);
  }
}

/**
 * Makes `logger.child` (Fastify's default childLoggerFactory calls it for each request) answer a RequestLogger, made
 * into pino's child on first use. Call it on the app's logger (`app.log`) once Fastify has made it. Pino's children
 * inherit from their parent, so theirs answer lazily too, each for itself.
 */
export function lazyRequestLoggers(logger: FastifyBaseLogger): void {
  const target = logger as unknown as Logger;
  const pinoChild = target.child as unknown as MakeChild;
  target.child = function lazyChild(this: Logger, bindings: Bindings, options?: ChildLoggerOptions) {
    return new RequestLogger(this, pinoChild, bindings, options ?? {}) as unknown as Logger;
  } as unknown as Logger['child'];
}
