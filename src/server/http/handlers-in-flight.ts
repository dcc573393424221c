// Shutdown waits for the route handlers still running before the database pool is closed (main.ts). app.close()
// alone is not enough: it resolves once the HTTP server has no connections left, and a client that hangs up
// mid-request (a load generator stopping, a phone losing signal) leaves its handler running with no connection;
// closing the pool under it failed those requests ("Cannot use a pool after calling end on the pool",
// docs/benchmarks.md). Only async handlers are counted (every API and page route is one): the wrapper answers the
// handler's own promise, so Fastify treats it as it treats the handler.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no counted route handler is running (at once when none is). */
    handlersSettled(): Promise<void>;
  }
}

const isAsync = (fn: unknown) => typeof fn === 'function' && fn.constructor.name === 'AsyncFunction';

export function countHandlersInFlight(app: FastifyInstance): void {
  let running = 0;
  let waiting: Array<() => void> = [];
  const finished = () => {
    running--;
    if (running > 0) return;
    for (const wake of waiting) wake();
    waiting = [];
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    if (!isAsync(handler)) return;
    // Not an async wrapper: the handler's own promise is answered, with one callback on it (an async function
    // around it cost a second promise and an await per request on the hottest routes).
    route.handler = function (this: FastifyInstance, request, reply) {
      running++;
      let answer: Promise<unknown>;
      try {
        answer = (handler as RouteHandlerMethod).call(this, request, reply) as Promise<unknown>;
      } catch (error) {
        finished();
        throw error;
      }
      answer.then(finished, finished);
      return answer;
    } as RouteHandlerMethod;
  });
  app.decorate('handlersSettled', () =>
    running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
  );
}
