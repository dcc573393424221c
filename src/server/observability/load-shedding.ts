// Load shedding (@fastify/under-pressure): while the event loop lags or the heap nears its limit, requests get
// 503 with Retry-After at once instead of queueing behind the backlog. Liveness (/api/health) is exempt through its
// route config, so an orchestrator never restarts a process that is only busy; readiness answers 503 with the rest,
// which takes the instance out of the balancer until the pressure passes.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ObservabilityConfig } from './config.js';
import type { Metrics } from './metrics.js';

export const OVERLOADED_MESSAGE = 'The service is overloaded right now. Please try again in a few seconds.';

/** Route config that keeps a route answering under pressure (liveness). */
export const notShed = { pressureHandler: () => undefined };

export async function registerLoadShedding(
  app: FastifyInstance,
  config: ObservabilityConfig,
  metrics: Metrics,
): Promise<void> {
  const { pressure } = config;
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelayMs,
    maxEventLoopUtilization: pressure.maxEventLoopUtilization,
    // 'interval': utilisation over the last sample, not since start (the default), so it follows the load.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: pressure.maxHeapUsedBytes,
    maxRssBytes: pressure.maxRssBytes,
    pressureHandler: (_request: FastifyRequest, reply: FastifyReply, type: string) => {
      metrics.shedRequest(type);
      reply.status(503).header('retry-after', String(pressure.retryAfterSeconds));
      // under-pressure sends what the handler returns (and stops the request there); undefined would let it pass.
      return { code: 'SERVICE_UNAVAILABLE', message: OVERLOADED_MESSAGE } as unknown as void;
    },
  });
}
