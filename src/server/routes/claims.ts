// The claim API (spec §7): lookup, claim with the security answer, completion check, onboarding refresh,
// status poll and dashboard login. Thin: validate, call the service, answer. Nothing here is cacheable.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';
import { validate } from '../http/validate.js';
import { CLAIM_TOKEN_HEADER, claimRequestSchema } from '../../shared/schemas/claim.js';
import { lookupClaim } from '../services/claims/lookup.js';
import { startClaim } from '../services/claims/claim.js';
import { completeClaim } from '../services/claims/complete.js';
import { refreshOnboarding } from '../services/claims/onboarding-link.js';
import { giftClaimStatus } from '../services/claims/status.js';
import { dashboardLogin } from '../services/claims/dashboard-login.js';

type TokenParams = { Params: { token: string } };
type GiftParams = { Params: { giftId: string } };

export const claimRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get<TokenParams>('/api/gifts/claim/:token', async (request) => lookupClaim(deps, request.params.token));

    app.post<TokenParams>('/api/gifts/claim/:token', async (request) => {
      const { securityAnswer } = validate(claimRequestSchema, request.body);
      return startClaim(deps, request.params.token, securityAnswer);
    });

    app.get<TokenParams>('/api/gifts/claim/:token/complete', async (request) => completeClaim(deps, request.params.token));

    // The provider's refresh_url: a used or expired onboarding link lands here and gets a fresh one.
    app.get<TokenParams>('/api/gifts/claim/:token/onboarding', async (request, reply) =>
      reply.redirect(await refreshOnboarding(deps, request.params.token), 303),
    );

    app.get<GiftParams>('/api/gifts/:giftId/status', async (request) => giftClaimStatus(deps, request.params.giftId));

    app.get<GiftParams>('/api/gifts/:giftId/dashboard-login', async (request) => {
      const token = request.headers[CLAIM_TOKEN_HEADER];
      return dashboardLogin(deps, request.params.giftId, typeof token === 'string' ? token : undefined);
    });
  };
