// Enrolling the second factor (decision 020), or skipping it where that is allowed. Under the session guard
// (auth.ts), these routes alone also take the pending session of a login or setup whose second factor is still to
// come (adminPendingAllowed); enrolling or skipping turns a pending session into the admin session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../../http/contracts.js';
import { clearPendingCookie, setSessionCookie } from '../../http/session-auth.js';
import { successSchema } from '../../../shared/schemas/admin.js';
import { adminSecondFactorSchema, enrolmentSchema, recoveryCodesSchema } from '../../../shared/schemas/admin-auth.js';
import { promotePending } from '../../services/admin/login.js';
import { confirmEnrolment, skipEnrolment, startEnrolment } from '../../services/admin/enrolment.js';
import { markVerified } from '../../services/sessions.js';

export const adminEnrolmentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { adminPendingAllowed: true };

    /** A pending session (setup or login) becomes the admin session once the factor is enrolled or skipped. */
    async function signInIfPending(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (request.adminSession) return markVerified(deps.db, deps.clock, request.adminSession.idHash);
      if (!request.adminPendingId) return;
      clearPendingCookie(reply, deps);
      setSessionCookie(reply, deps, 'admin', await promotePending(deps, request.adminPendingId, request.adminId!));
    }

    app.post(
      '/api/admin/second-factor/enrolment',
      {
        config,
        schema: {
          summary: 'Start enrolling a second factor: a new TOTP secret as text and as a QR code',
          response: { 200: enrolmentSchema, ...errorResponses },
        },
      },
      async (request) => startEnrolment(deps, request.adminId!),
    );

    app.post(
      '/api/admin/second-factor/enrol',
      {
        config,
        schema: {
          summary: "Confirm the enrolment with the app's first code; answers ten recovery codes, shown once",
          body: adminSecondFactorSchema,
          response: { 200: recoveryCodesSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const recoveryCodes = await confirmEnrolment(deps, request.adminId!, request.body.code, request.ip);
        await signInIfPending(request, reply);
        return { success: true as const, recoveryCodes };
      },
    );

    app.post(
      '/api/admin/second-factor/skip',
      {
        config,
        schema: {
          summary: 'Skip enrolling for now (only with the sandbox provider on a local machine)',
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await skipEnrolment(deps, request.adminId!, request.ip);
        await signInIfPending(request, reply);
        return { success: true };
      },
    );
  };
