// Every HTTP area, registered in one place. Routes stay thin: declare their contract, call a service, answer.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { isDevelopment } from '../config.js';
import { healthRoutes } from './health.js';
import { devMailboxRoutes } from './dev-mailbox.js';
import { giftRoutes } from './gifts.js';
import { giftPreviewRoutes } from './gift-preview.js';
import { webhookRoutes } from './webhooks.js';
import { claimRoutes } from './claims.js';
import { adminRoutes } from './admin/index.js';
import { donorRoutes } from './donor.js';
import { contactRoutes } from './contact.js';
import { manageRoutes } from './manage.js';
import { togetherRoutes } from './together.js';
import { recipientRightsRoutes } from './recipient-rights.js';
import { sandboxRoutes } from '../payments/sandbox/routes.js';
import { sandboxWebhookEndpoint } from '../services/events/ingest-webhook.js';

/** The dev mailbox shows every claim and sign-in link to anyone: only with the sandbox and never in production. */
export function devMailboxServed(deps: Pick<AppDeps, 'mailer' | 'payments' | 'config'>): boolean {
  return deps.mailer.kind === 'dev-mailbox' && deps.payments.name === 'sandbox' && isDevelopment(deps.config);
}

export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes(deps));
  await app.register(giftRoutes(deps));
  await app.register(giftPreviewRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(claimRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(donorRoutes(deps));
  await app.register(contactRoutes(deps));
  await app.register(manageRoutes(deps));
  await app.register(togetherRoutes(deps));
  await app.register(recipientRightsRoutes(deps));
  if (devMailboxServed(deps)) {
    await app.register(devMailboxRoutes(deps));
  }
  if (deps.payments.name === 'sandbox') {
    await app.register(sandboxRoutes({ ...deps, webhookEndpoint: sandboxWebhookEndpoint(deps) }));
  }
}
