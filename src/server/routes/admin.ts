// Admin API (spec §7): setup, login/logout, stats, gift lists, resend, process-expired. Everything except
// setup-needed, setup and login needs a valid admin session (401 otherwise).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { validate } from '../http/validate.js';
import { clearSessionCookie, requireSession, sessionCookie, setSessionCookie } from '../http/session-auth.js';
import {
  HAS_MORE_HEADER,
  adminLoginSchema,
  adminSearchSchema,
  adminSetupSchema,
  giftIdParamSchema,
} from '../../shared/schemas/admin.js';
import { createFirstAdmin, isSetupNeeded } from '../services/admin/setup.js';
import { adminEmail, loginAdmin, logoutAdmin } from '../services/admin/login.js';
import { giftStats } from '../services/admin/stats.js';
import { recentGifts, searchGifts } from '../services/admin/gift-list.js';
import { resendGiftEmail } from '../services/admin/resend.js';
import { processExpiredAsAdmin } from '../services/admin/process-expired.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminId?: number;
  }
}

export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    // Public: what the login and setup pages need before anyone is signed in.
    app.get('/api/admin/setup-needed', async () => ({ setupNeeded: await isSetupNeeded(deps) }));

    app.post('/api/admin/setup', async (request, reply) => {
      const input = validate(adminSetupSchema, request.body);
      await createFirstAdmin(deps, input, request.ip);
      return reply.status(201).send({ success: true, message: 'Admin account created. You can now log in.' });
    });

    app.post('/api/admin/login', async (request, reply) => {
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

    app.post('/api/admin/logout', { preHandler: signedIn }, async (request, reply) => {
      await logoutAdmin(deps, sessionCookie(request, 'admin'), request.adminId!, request.ip);
      clearSessionCookie(reply, deps, 'admin');
      return { success: true };
    });

    app.get('/api/admin/stats', { preHandler: signedIn }, async () => giftStats(deps));

    app.get('/api/admin/gifts/recent', { preHandler: signedIn }, async () => recentGifts(deps));

    app.get('/api/admin/gifts/search', { preHandler: signedIn }, async (request, reply) => {
      const input = validate(adminSearchSchema, request.query);
      const { gifts, hasMore } = await searchGifts(deps, input);
      reply.header(HAS_MORE_HEADER, String(hasMore));
      return gifts;
    });

    app.post('/api/admin/gifts/:id/resend-email', { preHandler: signedIn }, async (request) => {
      const { id } = validate(giftIdParamSchema, request.params);
      await resendGiftEmail(deps, id, await actor(request));
      return { success: true, message: 'Email resent' };
    });

    app.post('/api/admin/process-expired', { preHandler: signedIn }, async (request) =>
      processExpiredAsAdmin(deps, await actor(request), request.log),
    );
  };
