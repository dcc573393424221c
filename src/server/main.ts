// Reads config, migrates, listens, runs the scheduled jobs, and shuts down gracefully.
// First, before anything loads React: its production build for the pages rendered per request.
import './production-react.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import type { FastifyListenOptions } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { createAppLogger } from './http/logging.js';
import { createDeps, createJobDeps } from './bootstrap.js';
import { scheduledJobs } from './jobs/index.js';
import { startJobs } from './jobs/runner.js';
import { isSetupNeeded, setupCodeNotice } from './services/admin/setup.js';
import { startMetricsServer } from './observability/metrics-server.js';
import { faultInjectionNotice } from './fault-injection.js';
import { heapLimitNotice } from './heap-limit.js';
import { keepTickObjectShape } from './tick-shape.js';

/** How long shutdown waits for handlers still running, within close-with-grace's 10 s. */
const HANDLERS_GRACE_MS = 8_000;

async function main(): Promise<void> {
  keepTickObjectShape(); // first: before a full collection can drop the tick object's maps (decision 039)
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.clientDir ??= path.resolve(here, '../../client');

  const deps = await createDeps(config);
  const log = createAppLogger(config.logLevel);
  const app = await buildApp(deps, { logger: log });
  // The jobs run on a database pool of their own (decision 038).
  const jobDeps = config.jobsEnabled ? await createJobDeps(deps) : undefined;
  const jobs = jobDeps
    ? startJobs(scheduledJobs(jobDeps, app.log, app.observability.metrics), app.log, app.observability.jobs)
    : undefined;
  const metricsServer = await startMetricsServer(app.observability.metrics, config.observability);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await jobs?.stop();
    if (jobDeps && jobDeps !== deps) await jobDeps.database.close(); // PGlite's jobs share the app's database
    await metricsServer?.close();
    await app.close(); // lets in-flight requests finish
    // Handlers whose client hung up have no connection left for app.close() to wait on (http/handlers-in-flight.ts).
    await Promise.race([app.handlersSettled(), new Promise((resolve) => setTimeout(resolve, HANDLERS_GRACE_MS))]);
    await deps.mailer.close();
    await deps.database.close();
    await log.close(); // last: the log is written asynchronously, so every line written so far goes out first
  });

  // Node's listen takes an inherited descriptor as { fd } (Fastify passes its options through; its types omit fd).
  await app.listen(
    config.listenFd === undefined
      ? { port: config.port, host: config.host }
      : ({ fd: config.listenFd, host: config.host } as FastifyListenOptions),
  );
  app.log.info(
    { url: config.publicUrl, database: deps.database.engine, provider: deps.payments.name, mail: deps.mailer.kind },
    'Hushgift is listening',
  );
  if (metricsServer)
    app.log.info({ host: config.observability.metricsHost, port: config.observability.metricsPort }, 'metrics served');
  const heapLimit = config.isProduction ? heapLimitNotice() : null;
  if (heapLimit) app.log.warn(heapLimit);
  const fault = faultInjectionNotice(config);
  if (fault) app.log.warn(fault);
  const notice = setupCodeNotice(config);
  if (notice && (await isSetupNeeded(deps))) app.log.warn(notice);
}

main().catch((error) => {
  process.stderr.write(`Hushgift failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
