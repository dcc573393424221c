// Admin API: setup, login/logout, stats, gift lists, resend, unfreeze a claim, process-expired. Everything except
// setup-needed, setup and login needs a valid admin session (401 otherwise).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { clearSessionCookie, sessionCookie, setPendingCookie, setSessionCookie } from '../http/session-auth.js';
import {
  HAS_MORE_HEADER,
  adminLoginResponseSchema,
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
import { createFirstAdmin, isSetupNeeded, setupCodeRequired } from '../services/admin/setup.js';
import { loginAdmin, logoutAdmin, openPendingSession } from '../services/admin/login.js';
import { giftStats } from '../services/admin/stats.js';
import { recentGifts } from '../services/admin/gift-list.js';
import { searchGifts } from '../services/admin/gift-search.js';
import { resendGiftEmail } from '../services/admin/resend.js';
import { processExpiredAsAdmin } from '../services/admin/expire-now.js';
import { unfreezeClaim } from '../services/admin/unfreeze-claim.js';
import { adminActor, adminSignedIn, adminTags as tags, audited, moneyAction, signedInDoc } from './admin-session.js';

export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Public: what the login and setup pages need before anyone is signed in.
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

    // Everything registered below needs a signed-in admin.
    const signedIn = adminSignedIn(deps);
    const actor = (request: Parameters<typeof signedIn>[0]) => adminActor(deps, request);

    app.post(
      '/api/admin/logout',
      {
        onRequest: signedIn,
        schema: {
          summary: 'Log out; destroys the session',
          ...signedInDoc,
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
        onRequest: signedIn,
        schema: {
          summary: 'Gift counts and volumes',
          ...signedInDoc,
          response: { 200: adminStatsSchema, ...errorResponses },
        },
      },
      async () => giftStats(deps),
    );

    app.get(
      '/api/admin/gifts/recent',
      {
        onRequest: signedIn,
        schema: {
          summary: 'The latest 50 gifts',
          ...signedInDoc,
          response: { 200: z.array(adminGiftSchema), ...errorResponses },
        },
      },
      async () => recentGifts(deps),
    );

    app.get(
      '/api/admin/gifts/search',
      {
        onRequest: signedIn,
        schema: {
          summary:
            'Search gifts by e-mail, name or exact claim token; filter by status; newest first, 50 a page (x-has-more header)',
          ...signedInDoc,
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
        onRequest: signedIn,
        ...audited(deps, 'resend_email'),
        schema: {
          summary: 'Resend the claim e-mail with a fresh link (paid gifts only)',
          ...signedInDoc,
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
        onRequest: signedIn,
        ...audited(deps, 'unfreeze_claim'),
        schema: {
          summary: 'Unfreeze a claim frozen after too many wrong security answers (after checking with the recipient)',
          ...signedInDoc,
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
        onRequest: signedIn,
        ...moneyAction(deps, 'process_expired'),
        schema: {
          summary: 'Expire and refund every due gift now (a money action: needs a check within 15 minutes)',
          ...signedInDoc,
          response: { 200: processedSchema, ...errorResponses },
        },
      },
      async (request) => processExpiredAsAdmin(deps, await actor(request), request.log),
    );
  };
