// The admin session guard for the admin folder: one encapsulated plugin whose onRequest hook refuses (401,
// ADMIN_AUTH_REQUIRED) without a signed-in admin and notes who it is, so no route can forget the check; its onRoute
// hook documents every route under it as needing the session. And the actor the security log records for an
// admin's action.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { requireSession } from '../../http/session-auth.js';
import { sessionSecurity } from '../../http/contracts.js';
import { adminEmail } from '../../services/admin/login.js';
import type { AdminActor } from '../../services/admin/attention-actor.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: number;
  }
}

export const adminTags = ['admin'];

/** Registers `areas` in a context where every route needs a signed-in admin (401 otherwise). */
export const adminSessionGuard =
  (deps: AppDeps, areas: Array<(deps: AppDeps) => FastifyPluginAsync>): FastifyPluginAsync =>
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      request.adminId = (await requireSession(request, deps, 'admin')).subjectId;
    });
    // In place: the route list (http/contracts.ts) and the OpenAPI document hold this very object.
    app.addHook('onRoute', (route) => {
      route.schema ??= {};
      route.schema.tags ??= adminTags;
      route.schema.security = sessionSecurity.admin;
    });
    for (const area of areas) await app.register(area(deps));
  };

export const adminActor = async (deps: AppDeps, request: FastifyRequest): Promise<AdminActor> => ({
  id: request.adminId!,
  email: await adminEmail(deps, request.adminId!),
  ip: request.ip,
});

/**
 * The one check a money action (a risk review's Approve or Reject) passes before it runs, answering who acts. Today
 * the session guard has already required a signed-in admin; the operators' recent-login check (step-up within
 * 15 minutes) belongs here, so every money action gets it at once.
 */
export const assertMoneyActionAllowed = (deps: AppDeps, request: FastifyRequest): Promise<AdminActor> =>
  adminActor(deps, request);
