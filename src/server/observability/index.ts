// Wires observability into the app: the runner's heartbeat, the metrics of every answered request, load shedding,
// and what /api/ready checks. main.ts reads app.observability to give the runner its monitor and to serve the
// metrics on their own listener (metrics-server.ts).
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DIR } from '../db/client.js';
import type { AppDeps } from '../deps.js';
import type { OneLinePerRequest } from '../http/logging.js';
import type { ReadyAnswer } from '../../shared/schemas/service.js';
import { JobMonitor } from './job-monitor.js';
import { registerLoadShedding, type ShedLoad } from './load-shedding.js';
import { createMetrics, type Metrics } from './metrics.js';
import { readJournal } from './migrations-status.js';
import { checkReadiness } from './readiness.js';

export interface Observability {
  jobs: JobMonitor;
  metrics: Metrics;
  readiness(): Promise<ReadyAnswer>;
}

declare module 'fastify' {
  interface FastifyInstance {
    observability: Observability;
  }
}

/** Answers the load-shedding check, which the app's one onRequest hook runs first (http/security.ts). */
export async function registerObservability(
  app: FastifyInstance,
  deps: AppDeps,
  requestEnd: OneLinePerRequest,
): Promise<ShedLoad> {
  const jobs = new JobMonitor();
  const metrics = createMetrics(deps, jobs);
  const journal = readJournal(MIGRATIONS_DIR);
  app.decorate('observability', { jobs, metrics, readiness: () => checkReadiness(deps, jobs, journal) });
  // Measured where the request line is written (http/logging.ts): no onResponse hook per request. Fastify tells
  // its log controller of finished requests only when it has a logger (tests may build the app without one).
  if (requestEnd.hasLogger) requestEnd.measureWith(metrics.observeRequest);
  else {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  return registerLoadShedding(app, deps.config.observability, metrics);
}
