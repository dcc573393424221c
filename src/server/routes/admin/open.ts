// The admin routes open to anyone: what the login and setup pages need before anyone is signed in (the login's
// second step reads the pending session of its first). They sit outside the session guard (index.ts); every other
// admin route sits under it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../../http/contracts.js';
import {
  clearPendingCookie,
  pendingCookie,
  sessionCookie,
  setPendingCookie,
  setSessionCookie,
} from '../../http/session-auth.js';
import {
  adminLoginResponseSchema,
  adminLoginSchema,
  adminSetupSchema,
  setupNeededSchema,
  successSchema,
} from '../../../shared/schemas/admin.js';
import { createFirstAdmin, isSetupNeeded, setupCodeRequired } from '../../services/admin/setup.js';
import { completeLoginWithCode, loginAdmin, openPendingSession } from '../../services/admin/login.js';
import { adminSecondFactorSchema } from '../../../shared/schemas/admin-auth.js';
import { adminTags as tags } from './auth.js';

export const adminOpenRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/setup-needed',
      {
        schema: {
          summary: 'Is first-time admin setup still needed?',
          tags,
          response: { 200: setupNeededSchema, ...errorResponses },
        },
      },
      async () => ({ setupNeeded: await isSetupNeeded(deps), setupCodeRequired: setupCodeRequired(deps.config) }),
    );

    app.post(
      '/api/admin/setup',
      {
        schema: {
          summary: 'Create the first (owner) admin; refused once one exists',
          tags,
          body: adminSetupSchema,
          response: { 201: successSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { id } = await createFirstAdmin(deps, request.body, request.ip);
        // Straight on to enrolling the second factor (decision 020), in a pending session.
        setPendingCookie(reply, deps, await openPendingSession(deps, id));
        return reply
          .status(201)
          .send({ success: true, message: 'Admin account created. Now set up the second factor.' });
      },
    );

    app.post(
      '/api/admin/login',
      {
        schema: {
          summary:
            'Log in with the password; starts the admin session, or (next: second-factor / enrol) a pending one for the code',
          tags,
          body: adminLoginSchema,
          response: { 200: adminLoginResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await loginAdmin(deps, request.body, request.ip, sessionCookie(request, 'admin'));
        if (result.next !== 'signed-in') {
          setPendingCookie(reply, deps, result.pendingId);
          return { success: true as const, next: result.next };
        }
        setSessionCookie(reply, deps, 'admin', result.sessionId);
        return { success: true as const, next: result.next, admin: result.admin };
      },
    );

    app.post(
      '/api/admin/login/second-factor',
      {
        schema: {
          summary:
            "The login's second step (pending session cookie): the code from the authenticator app, or a recovery code",
          tags,
          body: adminSecondFactorSchema,
          response: { 200: adminLoginResponseSchema, ...errorResponses },
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
  };
