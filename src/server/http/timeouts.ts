// How long a client may take to send a request: a slow client (one byte a second) holds a connection and a parser
// only until these run out, instead of forever (Fastify's requestTimeout is 0, none, unless set).
import type { ServerOptions } from 'node:http';

/**
 * How often Node looks for requests past their time (its default is 30 s, which alone would let a dribbling
 * client stay twice as long as the limit says); one pass over the open connections a second is cheap.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1000;

export interface RequestTimeouts {
  /** From the connection's first byte (or the previous request) to the end of the request headers. */
  headersTimeoutMs: number;
  /** From the start of the request to the end of its body. */
  requestTimeoutMs: number;
}

/** The longest a client can keep one request unfinished: its limit, plus at most one check interval. */
export const worstCaseCutOffMs = (t: RequestTimeouts): number =>
  Math.max(t.headersTimeoutMs, t.requestTimeoutMs) + TIMEOUT_CHECK_INTERVAL_MS;

export function timeoutOptions(t: RequestTimeouts): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: t.requestTimeoutMs,
    http: {
      headersTimeout: t.headersTimeoutMs,
      requestTimeout: t.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, t.headersTimeoutMs),
    },
  };
}
