// The claim API (spec §7): lookup, claim with the security answer, completion check, onboarding refresh,
// status poll and dashboard login. Thin: validate, call the service, map provider failures, answer.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { validate } from '../http/validate.js';
import { ProviderError } from '../payments/provider.js';
import { CLAIM_TOKEN_HEADER, claimRequestSchema } from '../../shared/schemas/claim.js';
import { lookupClaim } from '../services/claims/lookup.js';
import { startClaim } from '../services/claims/claim.js';
import { completeClaim } from '../services/claims/complete.js';
import { refreshOnboarding } from '../services/claims/onboarding-link.js';
import { giftClaimStatus } from '../services/claims/status.js';
import { dashboardLogin } from '../services/claims/dashboard-login.js';

type TokenParams = { Params: { token: string } };
type GiftParams = { Params: { giftId: string } };

/** The payment provider failing is not the recipient's fault: say so, and whether trying again soon can help. */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.retryable) {
      throw new AppError(503, 'Our payment partner is not reachable right now. Please try again in a minute.', { 'retry-after': '30' });
    }
    throw new AppError(502, 'Our payment partner could not complete this step. Please try again later or contact support.');
  }
}

const doc = (summary: string, extra: object = {}) => ({ config: { openapi: { summary, tags: ['claim'], ...extra } } });

export const claimRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    // Nothing here is cacheable (set on request so error answers carry it too).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    });

    app.get<TokenParams>('/api/gifts/claim/:token', doc('The gift as the recipient sees it (never anything about the sender)'), async (request) =>
      lookupClaim(deps, request.params.token),
    );

    app.post<TokenParams>(
      '/api/gifts/claim/:token',
      doc('Claim with the security answer; answers the onboarding link. 5 wrong answers lock claiming for an hour', { body: claimRequestSchema }),
      async (request) => {
        const { securityAnswer } = validate(claimRequestSchema, request.body);
        return viaProvider(() => startClaim(deps, request.params.token, securityAnswer));
      },
    );

    app.get<TokenParams>('/api/gifts/claim/:token/complete', doc('Completion check after onboarding: pays the gift out once the account is ready'), async (request) =>
      viaProvider(() => completeClaim(deps, request.params.token)),
    );

    // The provider's refresh_url: a used or expired onboarding link lands here and gets a fresh one.
    app.get<TokenParams>('/api/gifts/claim/:token/onboarding', doc('Redirects to a fresh onboarding link'), async (request, reply) =>
      reply.redirect(await viaProvider(() => refreshOnboarding(deps, request.params.token)), 303),
    );

    app.get<GiftParams>('/api/gifts/:giftId/status', doc('Onboarding and payout status by public gift id'), async (request) =>
      viaProvider(() => giftClaimStatus(deps, request.params.giftId)),
    );

    app.get<GiftParams>(
      '/api/gifts/:giftId/dashboard-login',
      doc(`The payout account's express dashboard link; needs the claim token in the ${CLAIM_TOKEN_HEADER} header`),
      async (request) => {
        const token = request.headers[CLAIM_TOKEN_HEADER];
        return viaProvider(() => dashboardLogin(deps, request.params.giftId, typeof token === 'string' ? token : undefined));
      },
    );
  };
