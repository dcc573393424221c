// Admin authentication beyond the password (decision 020): the login's second step, enrolling the second factor
// (or skipping it where that is allowed), step-up before money actions, changing the password, who is signed in,
// and the audit log.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { clearPendingCookie, pendingCookie, setSessionCookie } from '../http/session-auth.js';
import { successSchema } from '../../shared/schemas/admin.js';
import {
  adminLoginAnswerSchema,
  adminMeSchema,
  adminPasswordChangeSchema,
  adminSecondFactorSchema,
  adminStepUpSchema,
  auditPageSchema,
  auditQuerySchema,
  enrolmentSchema,
  recoveryCodesSchema,
} from '../../shared/schemas/admin-auth.js';
import { completeLoginWithCode, promotePending } from '../services/admin/login.js';
import { confirmEnrolment, skipEnrolment, startEnrolment } from '../services/admin/enrolment.js';
import { stepUp } from '../services/admin/step-up.js';
import { changePassword } from '../services/admin/change-password.js';
import { adminMe } from '../services/admin/me.js';
import { auditPage } from '../services/admin/audit.js';
import { markVerified } from '../services/sessions.js';
import { adminSignedIn, adminSignedInOrPending, adminTags as tags, signedInDoc } from './admin-session.js';

export const adminAuthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = adminSignedIn(deps);
    const signedInOrPending = adminSignedInOrPending(deps);

    app.post(
      '/api/admin/login/second-factor',
      {
        schema: {
          summary: "The login's second step: the code from the authenticator app, or a recovery code",
          tags,
          body: adminSecondFactorSchema,
          response: { 200: adminLoginAnswerSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { sessionId, admin } = await completeLoginWithCode(
          deps,
          pendingCookie(request),
          request.body.code,
          request.ip,
        );
        clearPendingCookie(reply, deps);
        setSessionCookie(reply, deps, 'admin', sessionId);
        return { success: true as const, next: 'signed-in' as const, admin };
      },
    );

    app.post(
      '/api/admin/second-factor/enrolment',
      {
        onRequest: signedInOrPending,
        schema: {
          summary: 'Start enrolling a second factor: a new TOTP secret as text and as a QR code',
          tags,
          response: { 200: enrolmentSchema, ...errorResponses },
        },
      },
      async (request) => startEnrolment(deps, request.adminId!),
    );

    app.post(
      '/api/admin/second-factor/enrol',
      {
        onRequest: signedInOrPending,
        schema: {
          summary: "Confirm the enrolment with the app's first code; answers ten recovery codes, shown once",
          tags,
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
        onRequest: signedInOrPending,
        schema: {
          summary: 'Skip enrolling for now (only with the sandbox provider on a local machine)',
          tags,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await skipEnrolment(deps, request.adminId!, request.ip);
        await signInIfPending(request, reply);
        return { success: true };
      },
    );

    /** A pending session (setup or login) becomes the admin session once the factor is enrolled or skipped. */
    async function signInIfPending(
      request: Parameters<typeof signedIn>[0],
      reply: Parameters<typeof setSessionCookie>[0],
    ): Promise<void> {
      if (request.adminSession) return markVerified(deps.db, deps.clock, request.adminSession.idHash);
      if (!request.adminPendingId) return;
      clearPendingCookie(reply, deps);
      setSessionCookie(reply, deps, 'admin', await promotePending(deps, request.adminPendingId, request.adminId!));
    }

    app.post(
      '/api/admin/step-up',
      {
        onRequest: signedIn,
        schema: {
          summary: 'Confirm it is you before money actions: the code (or the password without a second factor)',
          ...signedInDoc,
          body: adminStepUpSchema,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request) => {
        await stepUp(deps, request.adminSession!, request.body, request.ip);
        return { success: true, message: 'Confirmed for the next 15 minutes.' };
      },
    );

    app.post(
      '/api/admin/password',
      {
        onRequest: signedIn,
        schema: {
          summary: 'Change the password (asks the current one); ends every other session of this admin',
          ...signedInDoc,
          body: adminPasswordChangeSchema,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request) => {
        const ended = await changePassword(deps, request.adminSession!, request.body, request.ip);
        const others = ended === 1 ? '1 other session was' : `${ended} other sessions were`;
        return { success: true, message: `Password changed. ${others} signed out.` };
      },
    );

    app.get(
      '/api/admin/me',
      {
        onRequest: signedIn,
        schema: {
          summary: 'The signed-in admin, and whether the account has a second factor',
          ...signedInDoc,
          response: { 200: adminMeSchema, ...errorResponses },
        },
      },
      async (request) => adminMe(deps, request.adminId!),
    );

    app.get(
      '/api/admin/audit',
      {
        onRequest: signedIn,
        schema: {
          summary:
            'The audit log: logins, failures, factor and password changes, money actions; newest first, 50 a page',
          ...signedInDoc,
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errorResponses },
        },
      },
      async (request) => auditPage(deps.db, request.query.page),
    );
  };
