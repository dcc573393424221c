// Admin API (spec §7): setup, login/logout, stats, gift lists, resend, process-expired. Everything except
// setup-needed, setup and login needs a valid admin session (401 otherwise).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OpenApiRouteDoc } from '../http/openapi.js';
import type { AppDeps } from '../deps.js';
import { validate } from '../http/validate.js';
import { clearSessionCookie, requireSession, sessionCookie, setSessionCookie } from '../http/session-auth.js';
import {
  HAS_MORE_HEADER,
  adminLoginSchema,
  adminSearchSchema,
  adminSetupSchema,
  adminGiftSchema,
  adminStatsSchema,
  giftIdParamSchema,
  processedSchema,
  setupNeededSchema,
  successSchema,
} from '../../shared/schemas/admin.js';
import { createFirstAdmin, isSetupNeeded } from '../services/admin/setup.js';
import { adminEmail, loginAdmin, logoutAdmin } from '../services/admin/login.js';
import { giftStats } from '../services/admin/stats.js';
import { recentGifts } from '../services/admin/gift-list.js';
import { searchGifts } from '../services/admin/gift-search.js';
import { resendGiftEmail } from '../services/admin/resend.js';
import { processExpiredAsAdmin } from '../services/admin/process-expired.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: number;
  }
}

const doc = (openapi: Omit<OpenApiRouteDoc, 'tags'>) => ({ openapi: { tags: ['admin'], ...openapi } });

export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    // Public: what the login and setup pages need before anyone is signed in.
    app.get('/api/admin/setup-needed', { config: doc({ summary: 'Is first-time admin setup still needed?', response: setupNeededSchema }) }, async () => ({ setupNeeded: await isSetupNeeded(deps) }));

    app.post('/api/admin/setup', { config: doc({ summary: 'Create the first (owner) admin; refused once one exists', body: adminSetupSchema, response: successSchema }) }, async (request, reply) => {
      const input = validate(adminSetupSchema, request.body);
      await createFirstAdmin(deps, input, request.ip);
      return reply.status(201).send({ success: true, message: 'Admin account created. You can now log in.' });
    });

    app.post('/api/admin/login', { config: doc({ summary: 'Log in; starts an admin session cookie', body: adminLoginSchema }) }, async (request, reply) => {
      const input = validate(adminLoginSchema, request.body);
      const { sessionId, admin } = await loginAdmin(deps, input, request.ip, sessionCookie(request, 'admin'));
      setSessionCookie(reply, deps, 'admin', sessionId);
      return { success: true, admin: { email: admin.email, firstName: admin.firstName, lastName: admin.lastName } };
    });

    // Everything registered below needs a signed-in admin.
    const signedIn = async (request: FastifyRequest) => {
      request.adminId = (await requireSession(request, deps, 'admin')).subjectId;
    };
    const actor = async (request: FastifyRequest) => ({ email: await adminEmail(deps, request.adminId!), ip: request.ip });

    app.post('/api/admin/logout', { preHandler: signedIn, config: doc({ summary: 'Log out; destroys the session', auth: 'admin', response: successSchema }) }, async (request, reply) => {
      await logoutAdmin(deps, sessionCookie(request, 'admin'), request.adminId!, request.ip);
      clearSessionCookie(reply, deps, 'admin');
      return { success: true };
    });

    app.get('/api/admin/stats', { preHandler: signedIn, config: doc({ summary: 'Gift counts and volumes', auth: 'admin', response: adminStatsSchema }) }, async () => giftStats(deps));

    app.get('/api/admin/gifts/recent', { preHandler: signedIn, config: doc({ summary: 'The latest 50 gifts', auth: 'admin', response: z.array(adminGiftSchema) }) }, async () => recentGifts(deps));

    app.get('/api/admin/gifts/search', { preHandler: signedIn, config: doc({ summary: 'Search gifts by e-mail, name or exact claim token; filter by status; newest first, 50 a page (x-has-more header)', auth: 'admin', query: adminSearchSchema, response: z.array(adminGiftSchema) }) }, async (request, reply) => {
      const input = validate(adminSearchSchema, request.query);
      const { gifts, hasMore } = await searchGifts(deps, input);
      reply.header(HAS_MORE_HEADER, String(hasMore));
      return gifts;
    });

    app.post('/api/admin/gifts/:id/resend-email', { preHandler: signedIn, config: doc({ summary: 'Resend the claim e-mail with a fresh link (paid gifts only)', auth: 'admin', response: successSchema }) }, async (request) => {
      const { id } = validate(giftIdParamSchema, request.params);
      await resendGiftEmail(deps, id, await actor(request));
      return { success: true, message: 'Email resent' };
    });

    app.post('/api/admin/process-expired', { preHandler: signedIn, config: doc({ summary: 'Expire and refund every due gift now', auth: 'admin', response: processedSchema }) }, async (request) =>
      processExpiredAsAdmin(deps, await actor(request), request.log),
    );
  };
