// Serves /metrics on a listener of its own (METRICS_PORT, loopback unless METRICS_HOST says otherwise), never on
// the public port: the series name routes, jobs and money figures. With METRICS_TOKEN it also asks for
// `Authorization: Bearer <token>` (required by config beyond loopback).
import { timingSafeEqual, createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ObservabilityConfig } from './config.js';
import type { Metrics } from './metrics.js';

export async function buildMetricsServer(metrics: Metrics, config: ObservabilityConfig): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  const expected = config.metricsToken ? digest(`Bearer ${config.metricsToken}`) : undefined;
  server.get('/metrics', async (request, reply) => {
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.' });
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return server;
}

/** Starts the listener when METRICS_PORT is set; answers it (to close at shutdown) or undefined. */
export async function startMetricsServer(
  metrics: Metrics,
  config: ObservabilityConfig,
): Promise<FastifyInstance | undefined> {
  if (config.metricsPort === undefined) return undefined;
  const server = await buildMetricsServer(metrics, config);
  await server.listen({ port: config.metricsPort, host: config.metricsHost });
  return server;
}

// Equal-length digests, so the comparison takes the same time whatever was sent.
const digest = (value: string) => createHash('sha256').update(value).digest();
