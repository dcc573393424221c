// Load shedding (@fastify/under-pressure's sampling): while the event loop lags or the heap nears its limit,
// requests get 503 with Retry-After at once instead of queueing behind the backlog. Liveness (/api/health) is exempt
// through its route config, so an orchestrator never restarts a process that is only busy; readiness answers 503 with
// the rest, which takes the instance out of the balancer until the pressure passes.
//
// under-pressure runs in a scope of its own, which holds no route: its sampling (once a second) is kept, its onRequest
// hook is not on any route. That hook built Fastify's routeOptions object on every request to find a per-route
// handler only liveness has; the app's one onRequest hook (http/security.ts) asks `shed` instead, which is a few
// comparisons and reads the route's config only while shedding (decision 037).
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ObservabilityConfig } from './config.js';
import type { Metrics } from './metrics.js';

export const OVERLOADED_MESSAGE = 'The service is overloaded right now. Please try again in a few seconds.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers under load shedding too (liveness). */
    shed?: boolean;
  }
}

/** Route config that keeps a route answering under pressure (liveness). */
export const notShed = { shed: false };

/** Answers 503 when the process is under pressure and the route may be shed; true when it answered. */
export type ShedLoad = (request: FastifyRequest, reply: FastifyReply) => boolean;

type Sampler = Pick<FastifyInstance, 'isUnderPressure' | 'memoryUsage'>;

export async function registerLoadShedding(
  app: FastifyInstance,
  config: ObservabilityConfig,
  metrics: Metrics,
): Promise<ShedLoad> {
  const { pressure } = config;
  let sampler: Sampler | undefined;
  await app.register(async (scope) => {
    await scope.register(underPressure, {
      maxEventLoopDelay: pressure.maxEventLoopDelayMs,
      maxEventLoopUtilization: pressure.maxEventLoopUtilization,
      // 'interval': utilisation over the last sample, not since start (the default), so it follows the load.
      eventLoopUtilizationMode: 'interval',
      maxHeapUsedBytes: pressure.maxHeapUsedBytes,
      maxRssBytes: pressure.maxRssBytes,
    });
    sampler = scope;
  });
  const { isUnderPressure, memoryUsage } = sampler!;
  const retryAfter = String(pressure.retryAfterSeconds);
  return (request, reply) => {
    if (!isUnderPressure() || request.routeOptions.config.shed === false) return false;
    metrics.shedRequest(pressureKind(memoryUsage(), pressure));
    reply
      .status(503)
      .header('retry-after', retryAfter)
      .send({ code: 'SERVICE_UNAVAILABLE', message: OVERLOADED_MESSAGE });
    return true;
  };
}

/** Which limit is passed, in under-pressure's order and with its names (the metric's `reason` label). */
export function pressureKind(
  sample: ReturnType<Sampler['memoryUsage']>,
  limits: ObservabilityConfig['pressure'],
): string {
  if (limits.maxEventLoopDelayMs > 0 && sample.eventLoopDelay > limits.maxEventLoopDelayMs) return 'eventLoopDelay';
  if (limits.maxHeapUsedBytes > 0 && sample.heapUsed > limits.maxHeapUsedBytes) return 'heapUsedBytes';
  if (limits.maxRssBytes > 0 && sample.rssBytes > limits.maxRssBytes) return 'rssBytes';
  return 'eventLoopUtilization';
}
