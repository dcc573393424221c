// Builds the Fastify app from explicit dependencies. main.ts and tests both call this.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import { registerErrorHandlers } from './http/errors.js';
import { countHandlersInFlight } from './http/handlers-in-flight.js';
import { registerSecurity } from './http/security.js';
import { registerRequestCookies } from './http/request-cookies.js';
import { registerClientApp } from './http/client-app.js';
import { OneLinePerRequest, createAppLogger, type AppLogger } from './http/logging.js';
import { genReqId } from './http/request-id.js';
import { lazyRequestLoggers } from './http/request-logger.js';
import { timeoutOptions } from './http/timeouts.js';
import { registerRoutes } from './routes/index.js';
import { useRouteContracts } from './http/contracts.js';
import { registerApiDocs } from './http/api-docs.js';
import { claimPageRoutes } from './routes/claim-pages.js';
import { loadServerPages } from './http/server-page-document.js';
import { contactPageRoutes } from './routes/contact-page.js';
import { recipientPageRoutes } from './routes/recipient-pages.js';
import { togetherNewPageRoutes } from './routes/together-new-page.js';
import { togetherSharePageRoutes } from './routes/together-share-page.js';
import { registerObservability } from './observability/index.js';

export const BODY_LIMIT_BYTES = 100 * 1024;

export interface BuildOptions {
  /** The app's logger (main.ts makes it, to close it last); tests pass false; by default one at the config's level. */
  logger?: false | AppLogger;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const log = options.logger ?? createAppLogger(config.logLevel);
  // One line per request, when its answer is finished (http/logging.ts); the request metrics are taken there too.
  const requestEnd = new OneLinePerRequest(log || undefined);
  const app = Fastify({
    ...(log ? { loggerInstance: log.logger as FastifyBaseLogger } : { logger: false }),
    logController: requestEnd,
    // A number on the request's path; the log writes it UUID-shaped (http/request-id.ts).
    genReqId: genReqId as unknown as () => string,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    ...timeoutOptions(config),
  });
  if (log) lazyRequestLoggers(app.log);

  // Only JSON bodies for the API, plus URL-encoded forms for the server-rendered sandbox pages.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  countHandlersInFlight(app);
  const shed = await registerObservability(app, deps, requestEnd);
  registerErrorHandlers(app);
  // The one onRequest hook every request passes: security headers, then load shedding, then CSRF (decision 037).
  registerSecurity(app, config, shed);
  // Parsed when a route asks (http/request-cookies.ts), set straight into the answer's header (response-cookies.ts):
  // no cookie hook on every request (decisions 035, 036).
  registerRequestCookies(app);
  useRouteContracts(app);
  await registerApiDocs(app, config.publicUrl);
  await registerRoutes(app, deps);
  // The claim page and the contact form's no-script answer are rendered per request from the built renderers;
  // without a build the app shell serves the claim page and the contact form has no page to post to.
  const serverPages = await loadServerPages(config.clientDir);
  if (serverPages) {
    await app.register(claimPageRoutes(deps, serverPages.claim));
    await app.register(contactPageRoutes(deps, serverPages.contact));
    await app.register(recipientPageRoutes(deps, serverPages.recipient));
    await app.register(togetherNewPageRoutes(deps, serverPages.togetherNew));
    await app.register(togetherSharePageRoutes(deps, serverPages.togetherShare));
  }
  await registerClientApp(app, config.clientDir);
  return app;
}
