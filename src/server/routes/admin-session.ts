// The admin session for admin routes: an onRequest hook that refuses (401) without a signed-in admin and notes
// who it is, and the actor the security log records for an admin's action.
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { requireSession } from '../http/session-auth.js';
import { sessionSecurity } from '../http/contracts.js';
import { adminEmail } from '../services/admin/login.js';
import type { AdminActor } from '../services/admin/attention-actor.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: number;
  }
}

export const adminTags = ['admin'];
/** A route behind the admin session: documented as such, 401 without one. */
export const signedInDoc = { tags: adminTags, security: sessionSecurity.admin };

export const adminSignedIn = (deps: AppDeps) => async (request: FastifyRequest) => {
  request.adminId = (await requireSession(request, deps, 'admin')).subjectId;
};

export const adminActor = async (deps: AppDeps, request: FastifyRequest): Promise<AdminActor> => ({
  id: request.adminId!,
  email: await adminEmail(deps, request.adminId!),
  ip: request.ip,
});
