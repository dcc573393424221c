// Every HTTP area, registered in one place. Routes stay thin: validate, call a service, answer.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { healthRoutes } from './health.js';
import { devMailboxRoutes } from './dev-mailbox.js';
import { giftRoutes } from './gifts.js';
import { webhookRoutes } from './webhooks.js';
import { claimRoutes } from './claims.js';
import { adminRoutes } from './admin.js';
import { donorRoutes } from './donor.js';
import { contactRoutes } from './contact.js';
import { sandboxRoutes } from '../payments/sandbox/routes.js';

export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes(deps));
  await app.register(giftRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(claimRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(donorRoutes(deps));
  await app.register(contactRoutes(deps));
  if (deps.mailer.kind === 'dev-mailbox' && !deps.config.isProduction) {
    await app.register(devMailboxRoutes(deps));
  }
  if (deps.payments.name === 'sandbox') {
    await app.register(sandboxRoutes(deps));
  }
}
