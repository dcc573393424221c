// The admin API: the few routes open to anyone (open.ts: setup-needed, setup, login and its second step), then every
// other admin route under one session guard (auth.ts), so a route added to an area below cannot forget the admin
// check. The second-factor enrolment (enrolment.ts) is under it too, and also takes a login's pending session.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { adminSessionGuard } from './auth.js';
import { adminOpenRoutes } from './open.js';
import { adminDashboardRoutes } from './dashboard.js';
import { adminMoneyRoutes } from './money.js';
import { adminEnrolmentRoutes } from './enrolment.js';
import { adminAccountRoutes } from './account.js';
import { adminRiskRoutes } from './risk.js';

export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    await app.register(adminOpenRoutes(deps));
    await app.register(
      adminSessionGuard(deps, [
        adminDashboardRoutes,
        adminMoneyRoutes,
        adminRiskRoutes,
        adminAccountRoutes,
        adminEnrolmentRoutes,
      ]),
    );
  };
