// The admin session for admin routes: an onRequest hook that refuses (401) without a signed-in admin and notes
// who it is; the hook for the second-factor pages, which also take the pending session of a login or setup whose
// code is still to come; the hooks of money actions (step-up within 15 minutes, decision 020) and of audited
// actions (one audit row with the answer's outcome); and the actor the security log records for an action.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { pendingCookie, requireSession } from '../http/session-auth.js';
import { sessionSecurity } from '../http/contracts.js';
import { unauthorized } from '../errors.js';
import { readSession, type Session } from '../services/sessions.js';
import { adminEmail, PENDING_EXPIRED_MESSAGE } from '../services/admin/login.js';
import type { AdminActor } from '../services/admin/attention-actor.js';
import { giftTarget, recordAudit, type AuditAction } from '../services/admin/audit.js';
import { recentlyVerified, stepUpRequired } from '../services/admin/step-up.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: number;
    adminSession?: Session;
    /** Set when the request came with the pending session (second factor still to come), not a full one. */
    adminPendingId?: string;
  }
}

export const adminTags = ['admin'];
/** A route behind the admin session: documented as such, 401 without one. */
export const signedInDoc = { tags: adminTags, security: sessionSecurity.admin };

export const adminSignedIn = (deps: AppDeps) => async (request: FastifyRequest) => {
  request.adminSession = await requireSession(request, deps, 'admin');
  request.adminId = request.adminSession.subjectId;
};

/** The full session, or else the pending one of a login or setup (enrolment, its QR code and its skip). */
export const adminSignedInOrPending = (deps: AppDeps) => async (request: FastifyRequest) => {
  const full = await requireSession(request, deps, 'admin').catch(() => null);
  if (full) {
    request.adminSession = full;
    request.adminId = full.subjectId;
    return;
  }
  const pendingId = pendingCookie(request);
  const pending = await readSession(deps.db, deps.clock, 'admin-pending', pendingId);
  if (!pending) throw unauthorized(PENDING_EXPIRED_MESSAGE);
  request.adminId = pending.subjectId;
  request.adminPendingId = pendingId;
};

const refusedForStepUp = new WeakSet<FastifyRequest>();

const outcomeOf = (reply: FastifyReply) =>
  reply.statusCode < 400 ? 'success' : reply.statusCode === 403 ? 'refused (403)' : `failed (${reply.statusCode})`;

/** One audit row per answer of an admin action on a gift (or on all gifts), whatever the outcome. */
export const audited = (deps: AppDeps, action: AuditAction) => ({
  onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // A refusal for want of a fresh check is recorded by the step-up hook itself; a request without a session
    // (401) is nobody's action, and must not let strangers fill the log.
    if (refusedForStepUp.has(request) || request.adminId === undefined) return payload;
    const id = (request.params as { id?: number } | undefined)?.id;
    await recordAudit(deps.db, deps.clock, {
      adminId: request.adminId ?? null,
      ip: request.ip,
      action,
      target: typeof id === 'number' ? await giftTarget(deps.db, id) : null,
      outcome: outcomeOf(reply),
    });
    return payload;
  },
});

/** A money action: audited, and refused with 403 `step_up_required` without a check in the last 15 minutes. */
export const moneyAction = (deps: AppDeps, action: AuditAction) => ({
  ...audited(deps, action),
  preHandler: async (request: FastifyRequest) => {
    if (request.adminSession && recentlyVerified(request.adminSession, deps.clock.now())) return;
    const id = (request.params as { id?: number } | undefined)?.id;
    await recordAudit(deps.db, deps.clock, {
      adminId: request.adminId ?? null,
      ip: request.ip,
      action,
      target: typeof id === 'number' ? await giftTarget(deps.db, id) : null,
      outcome: 'step-up required',
    });
    refusedForStepUp.add(request);
    throw stepUpRequired();
  },
});

export const adminActor = async (deps: AppDeps, request: FastifyRequest): Promise<AdminActor> => ({
  id: request.adminId!,
  email: await adminEmail(deps, request.adminId!),
  ip: request.ip,
});
