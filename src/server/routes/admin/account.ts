// The signed-in admin's own account (under the session guard, index.ts; decision 020): who is signed in and
// whether the account has a second factor, step-up before money actions, changing the password, and the audit log.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../../http/contracts.js';
import { successSchema } from '../../../shared/schemas/admin.js';
import {
  adminMeSchema,
  adminPasswordChangeSchema,
  adminStepUpSchema,
  auditPageSchema,
  auditQuerySchema,
} from '../../../shared/schemas/admin-auth.js';
import { STEP_UP_WINDOW_MINUTES } from '../../../shared/schemas/admin-wire.js';
import { stepUp } from '../../services/admin/step-up.js';
import { changePassword } from '../../services/admin/change-password.js';
import { adminMe } from '../../services/admin/me.js';
import { auditPage } from '../../services/admin/audit.js';

export const adminAccountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/admin/step-up',
      {
        schema: {
          summary: 'Confirm it is you before money actions: the code (or the password without a second factor)',
          body: adminStepUpSchema,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request) => {
        await stepUp(deps, request.adminSession!, request.body, request.ip);
        return { success: true, message: `Confirmed for the next ${STEP_UP_WINDOW_MINUTES} minutes.` };
      },
    );

    app.post(
      '/api/admin/password',
      {
        schema: {
          summary: 'Change the password (asks the current one); ends every other session of this admin',
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
        schema: {
          summary: 'The signed-in admin, and whether the account has a second factor',
          response: { 200: adminMeSchema, ...errorResponses },
        },
      },
      async (request) => adminMe(deps, request.adminId!),
    );

    app.get(
      '/api/admin/audit',
      {
        schema: {
          summary:
            'The audit log: logins, failures, factor and password changes, money actions; newest first, 50 a page',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errorResponses },
        },
      },
      async (request) => auditPage(deps.db, request.query.page),
    );
  };
