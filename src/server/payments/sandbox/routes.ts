// The sandbox's hosted pages: checkout (send work), onboarding, the owner's sign-in, phone and express dashboard
// (claim work), and the operator's console (the provider's side: refunds, disputes, reversals, outages), never in production.
// Server-rendered HTML with plain forms: no script, so the strict CSP holds. What they do reaches the app only as
// signed webhooks, delivered to the endpoint the app hands over (`webhookEndpoint`).
import type { FastifyPluginAsync } from 'fastify';
import type { SandboxAppDeps } from './events-out.js';
import { isDevelopment } from '../../config.js';
import { sandboxCheckoutRoutes } from './checkout-routes.js';
import { sandboxOnboardingRoutes } from './onboarding-routes.js';
import { sandboxOwnerRoutes } from './owner-routes.js';
import { sandboxConsoleRoutes } from './console-routes.js';

export const sandboxRoutes =
  (deps: SandboxAppDeps): FastifyPluginAsync =>
  async (app) => {
    await app.register(sandboxCheckoutRoutes(deps));
    await app.register(sandboxOnboardingRoutes(deps));
    await app.register(sandboxOwnerRoutes(deps));
    if (isDevelopment(deps.config)) await app.register(sandboxConsoleRoutes(deps));
  };
