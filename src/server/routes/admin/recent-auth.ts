// Route options for audited admin actions and for money actions (decision 020). Spread them into a route under
// the admin session guard (index.ts):
//   app.post('/api/admin/gifts/:id/refund-sender', { ...requireRecentAuth(deps, 'refund_sender'), schema }, handler)
// `audited` writes one audit row per answer (whatever its outcome); `requireRecentAuth` also refuses with 403
// STEP_UP_REQUIRED unless this session had a password or second-factor check within the last 15 minutes (the
// dashboard then asks for the code, POSTs /api/admin/step-up and retries). Any new money action uses it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { giftTarget, recordAudit, type AuditAction } from '../../services/admin/audit.js';
import { recentlyVerified, stepUpRequired } from '../../services/admin/step-up.js';

const refusedForStepUp = new WeakSet<FastifyRequest>();

const outcomeOf = (reply: FastifyReply) =>
  reply.statusCode < 400 ? 'success' : reply.statusCode === 403 ? 'refused (403)' : `failed (${reply.statusCode})`;

const targetOf = (deps: AppDeps, request: FastifyRequest) => {
  const id = (request.params as { id?: number } | undefined)?.id;
  return typeof id === 'number' ? giftTarget(deps.db, id) : null;
};

/** One audit row per answer of an admin action on a gift (or on all gifts), whatever the outcome. */
export const audited = (deps: AppDeps, action: AuditAction) => ({
  onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // A refusal for want of a fresh check is recorded by the step-up hook itself; a request without a session
    // (401) is nobody's action, and must not let strangers fill the log.
    if (refusedForStepUp.has(request) || request.adminId === undefined) return payload;
    await recordAudit(deps.db, deps.clock, {
      adminId: request.adminId,
      ip: request.ip,
      action,
      target: await targetOf(deps, request),
      outcome: outcomeOf(reply),
    });
    return payload;
  },
});

/** A money action: audited, and refused (403 STEP_UP_REQUIRED) without a check in the last 15 minutes. */
export const requireRecentAuth = (deps: AppDeps, action: AuditAction) => ({
  ...audited(deps, action),
  preHandler: async (request: FastifyRequest) => {
    if (request.adminSession && recentlyVerified(request.adminSession, deps.clock.now())) return;
    await recordAudit(deps.db, deps.clock, {
      adminId: request.adminId ?? null,
      ip: request.ip,
      action,
      target: await targetOf(deps, request),
      outcome: 'step-up required',
    });
    refusedForStepUp.add(request);
    throw stepUpRequired();
  },
});
