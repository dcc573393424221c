// The admin routes open to anyone: what the login and setup pages need before anyone is signed in. They sit
// outside the session guard (index.ts); every other admin route sits under it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../../http/contracts.js';
import { sessionCookie, setSessionCookie } from '../../http/session-auth.js';
import {
  adminLoginResponseSchema,
  adminLoginSchema,
  adminSetupSchema,
  setupNeededSchema,
  successSchema,
} from '../../../shared/schemas/admin.js';
import { createFirstAdmin, isSetupNeeded, setupCodeRequired } from '../../services/admin/setup.js';
import { loginAdmin } from '../../services/admin/login.js';
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
        await createFirstAdmin(deps, request.body, request.ip);
        return reply.status(201).send({ success: true, message: 'Admin account created. You can now log in.' });
      },
    );

    app.post(
      '/api/admin/login',
      {
        schema: {
          summary: 'Log in; starts an admin session cookie',
          tags,
          body: adminLoginSchema,
          response: { 200: adminLoginResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { sessionId, admin } = await loginAdmin(deps, request.body, request.ip, sessionCookie(request, 'admin'));
        setSessionCookie(reply, deps, 'admin', sessionId);
        return { success: true as const, admin };
      },
    );
  };
