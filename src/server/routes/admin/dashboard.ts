// Admin API for a signed-in admin (under the session guard, index.ts): logout, stats, gift lists, resend, unfreeze a
// claim, process-expired (a money action, recent-auth.ts).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../../http/contracts.js';
import { clearSessionCookie, sessionCookie } from '../../http/session-auth.js';
import {
  HAS_MORE_HEADER,
  adminSearchSchema,
  adminGiftSchema,
  adminStatsSchema,
  giftIdParamSchema,
  processedSchema,
  successSchema,
} from '../../../shared/schemas/admin.js';
import { logoutAdmin } from '../../services/admin/login.js';
import { giftStats } from '../../services/admin/stats.js';
import { recentGifts } from '../../services/admin/gift-list.js';
import { searchGifts } from '../../services/admin/gift-search.js';
import { resendGiftEmail } from '../../services/admin/resend.js';
import { processExpiredAsAdmin } from '../../services/admin/expire-now.js';
import { unfreezeClaim } from '../../services/admin/unfreeze-claim.js';
import { adminActor } from './auth.js';
import { audited, requireRecentAuth } from './recent-auth.js';

export const adminDashboardRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const actor = (request: FastifyRequest) => adminActor(deps, request);

    app.post(
      '/api/admin/logout',
      {
        schema: {
          summary: 'Log out; destroys the session',
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await logoutAdmin(deps, sessionCookie(request, 'admin'), request.adminId!, request.ip);
        clearSessionCookie(reply, deps, 'admin');
        return { success: true };
      },
    );

    app.get(
      '/api/admin/stats',
      {
        schema: {
          summary: 'Gift counts and volumes',
          response: { 200: adminStatsSchema, ...errorResponses },
        },
      },
      async () => giftStats(deps),
    );

    app.get(
      '/api/admin/gifts/recent',
      {
        schema: {
          summary: 'The latest 50 gifts',
          response: { 200: z.array(adminGiftSchema), ...errorResponses },
        },
      },
      async () => recentGifts(deps),
    );

    app.get(
      '/api/admin/gifts/search',
      {
        schema: {
          summary:
            'Search gifts by e-mail, name or exact claim token; filter by status; newest first, 50 a page (x-has-more header)',
          querystring: adminSearchSchema,
          response: { 200: z.array(adminGiftSchema), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { gifts, hasMore } = await searchGifts(deps, request.query);
        reply.header(HAS_MORE_HEADER, String(hasMore));
        return gifts;
      },
    );

    app.post(
      '/api/admin/gifts/:id/resend-email',
      {
        ...audited(deps, 'resend_email'),
        schema: {
          summary: 'Resend the claim e-mail with a fresh link (paid gifts only)',
          params: giftIdParamSchema,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request) => {
        await resendGiftEmail(deps, request.params.id, await actor(request));
        return { success: true, message: 'Email resent' };
      },
    );

    app.post(
      '/api/admin/gifts/:id/unfreeze-claim',
      {
        ...audited(deps, 'unfreeze_claim'),
        schema: {
          summary: 'Unfreeze a claim frozen after too many wrong security answers (after checking with the recipient)',
          params: giftIdParamSchema,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request) => {
        await unfreezeClaim(deps, request.params.id, { adminId: request.adminId!, ...(await actor(request)) });
        return { success: true, message: 'Claim unfrozen' };
      },
    );

    app.post(
      '/api/admin/process-expired',
      {
        ...requireRecentAuth(deps, 'process_expired'),
        schema: {
          summary: 'Expire and refund every due gift now (a money action: needs a check within 15 minutes)',
          response: { 200: processedSchema, ...errorResponses },
        },
      },
      async (request) => processExpiredAsAdmin(deps, await actor(request), request.log),
    );
  };
