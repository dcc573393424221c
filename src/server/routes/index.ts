// Every HTTP area, registered in one place. Routes stay thin: declare their contract, call a service, answer.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { healthRoutes } from './health.js';
import { devMailboxRoutes } from './dev-mailbox.js';
import { giftRoutes } from './gifts.js';
import { webhookRoutes } from './webhooks.js';
import { claimRoutes } from './claims.js';
import { adminRoutes } from './admin.js';
import { adminMoneyRoutes } from './admin-money.js';
import { adminAuthRoutes } from './admin-auth.js';
import { donorRoutes } from './donor.js';
import { contactRoutes } from './contact.js';
import { manageRoutes } from './manage.js';
import { sandboxRoutes } from '../payments/sandbox/routes.js';

/** The dev mailbox shows every claim and sign-in link to anyone: only with the sandbox and never in production. */
export function devMailboxServed(deps: Pick<AppDeps, 'mailer' | 'payments' | 'config'>): boolean {
  return deps.mailer.kind === 'dev-mailbox' && deps.payments.name === 'sandbox' && !deps.config.isProduction;
}

export async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes(deps));
  await app.register(giftRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(claimRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(adminMoneyRoutes(deps));
  await app.register(adminAuthRoutes(deps));
  await app.register(donorRoutes(deps));
  await app.register(contactRoutes(deps));
  await app.register(manageRoutes(deps));
  if (devMailboxServed(deps)) {
    await app.register(devMailboxRoutes(deps));
  }
  if (deps.payments.name === 'sandbox') {
    await app.register(sandboxRoutes(deps));
  }
}
