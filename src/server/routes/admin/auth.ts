// The admin session guard for the admin folder: one encapsulated plugin whose onRequest hook refuses (401,
// ADMIN_AUTH_REQUIRED) without a signed-in admin and notes who it is (and the session, whose last check step-up
// reads), so no route can forget the check; its onRoute hook documents every route under it as needing the
// session. And the actor the security log records for an admin's action.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { pendingCookie, sessionCookie } from '../../http/session-auth.js';
import { adminAuthRequired } from '../../errors.js';
import { readSession } from '../../services/sessions.js';
import { sessionSecurity } from '../../http/contracts.js';
import { adminEmail } from '../../services/admin/login.js';
import type { AdminActor } from '../../services/admin/attention-actor.js';
import type { Session } from '../../services/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: number;
    adminSession?: Session;
    /** Set when the request came with the pending session (second factor still to come), not a full one. */
    adminPendingId?: string;
  }
  interface FastifyContextConfig {
    /** The route also takes the pending session of a login or setup (second factor still to come). */
    adminPendingAllowed?: boolean;
  }
}

export const adminTags = ['admin'];

/**
 * Registers `areas` in a context where every route needs a signed-in admin (401 otherwise); a route whose config
 * sets `adminPendingAllowed` also takes the pending session (request.adminPendingId set, no adminSession).
 */
export const adminSessionGuard =
  (deps: AppDeps, areas: Array<(deps: AppDeps) => FastifyPluginAsync>): FastifyPluginAsync =>
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const full = await readSession(deps.db, deps.clock, 'admin', sessionCookie(request, 'admin'));
      if (full) {
        request.adminSession = full;
        request.adminId = full.subjectId;
        return;
      }
      // The enrolment routes alone (enrolment.ts) also take the pending session of a login or setup whose second
      // factor is still to come.
      const pendingId = request.routeOptions.config.adminPendingAllowed ? pendingCookie(request) : undefined;
      const pending = await readSession(deps.db, deps.clock, 'admin-pending', pendingId);
      if (!pending) throw adminAuthRequired();
      request.adminId = pending.subjectId;
      request.adminPendingId = pendingId;
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
