// Wires observability into the app: the runner's heartbeat, the metrics of every answered request, load shedding,
// and what /api/ready checks. main.ts reads app.observability to give the runner its monitor and to serve the
// metrics on their own listener (metrics-server.ts).
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DIR } from '../db/client.js';
import type { AppDeps } from '../deps.js';
import type { ReadyAnswer } from '../../shared/schemas/service.js';
import { JobMonitor } from './job-monitor.js';
import { registerLoadShedding } from './load-shedding.js';
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

export async function registerObservability(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const jobs = new JobMonitor();
  const metrics = createMetrics(deps, jobs);
  const journal = readJournal(MIGRATIONS_DIR);
  app.decorate('observability', { jobs, metrics, readiness: () => checkReadiness(deps, jobs, journal) });
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  await registerLoadShedding(app, deps.config.observability, metrics);
}
