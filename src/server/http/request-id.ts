// Request ids. On the request's path an id is a number, counted per process: Fastify keeps it as request.id and
// hands it to the request's logger. The log writes it UUID-shaped, the process's random part and the number in hex
// (log-format.ts), so ids from two processes never meet. Making that text for every request, or randomUUID, was work
// done for a line written on another thread (docs/benchmarks.md). They only tie log lines together and are never
// shown outside the logs.
import { randomUUID } from 'node:crypto';
import { requestIdText } from './log-format.js';

/** The process's random part of every request id. */
export const REQUEST_ID_PREFIX = randomUUID().slice(0, 24);

let requestCount = 0;

/** Fastify's genReqId: the next request number. */
export const genReqId = (): number => requestCount++;

/** A request id as the log writes it. */
export const requestIdOf = (id: unknown): unknown =>
  typeof id === 'number' ? requestIdText(REQUEST_ID_PREFIX, id) : id;
