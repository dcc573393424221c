// The claim API: lookup, claim with the security answer (which opens the gift's claim session, an HttpOnly cookie),
// completion check, onboarding refresh, the owner's proof and "Use a different account" (decision 021), status poll
// and dashboard login (which need that session). Thin: the route
// contract checks the input, the service decides, provider failures are mapped, the answer is serialized by its
// schema.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { errorResponses } from '../http/contracts.js';
import { claimSessionCookies, setClaimSessionCookie } from '../http/claim-session-cookie.js';
import { ProviderError } from '../payments/provider.js';
import {
  claimCompleteResponseSchema,
  claimLookupSchema,
  claimRequestSchema,
  claimStartResponseSchema,
  claimTokenParamSchema,
  dashboardLoginResponseSchema,
  giftPublicIdParamSchema,
  giftStatusResponseSchema,
  ownerProofQuerySchema,
} from '../../shared/schemas/claim.js';
import { lookupClaim } from '../services/claims/lookup.js';
import { startClaim } from '../services/claims/claim.js';
import { completeClaim } from '../services/claims/complete.js';
import { refreshOnboarding } from '../services/claims/onboarding-refresh.js';
import { acceptOwnerProof } from '../services/claims/owner-proof.js';
import { useDifferentAccount } from '../services/claims/new-account.js';
import { giftClaimStatus } from '../services/claims/status.js';
import { dashboardLogin } from '../services/claims/dashboard-login.js';

/** The payment provider failing is not the recipient's fault: say so, and whether trying again soon can help. */
export async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.retryable) {
      throw new AppError(
        503,
        'PROVIDER_UNAVAILABLE',
        'Our payment partner is not reachable right now. Please try again in a minute.',
        {
          'retry-after': '30',
        },
      );
    }
    throw new AppError(
      502,
      'PROVIDER_REFUSED',
      'Our payment partner could not complete this step. Please try again later or contact support.',
    );
  }
}

const tags = ['claim'];

export const claimRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/gifts/claim/:token',
      {
        schema: {
          summary: 'The gift as the recipient sees it (never anything about the sender)',
          tags,
          params: claimTokenParamSchema,
          response: { 200: claimLookupSchema, ...errorResponses },
        },
      },
      async (request) => lookupClaim(deps, request.params.token),
    );

    app.post(
      '/api/gifts/claim/:token',
      {
        schema: {
          summary:
            "Claim with the security answer; answers the onboarding link and sets the gift's claim session cookie. 5 wrong answers lock claiming for an hour",
          tags,
          params: claimTokenParamSchema,
          body: claimRequestSchema,
          response: { 200: claimStartResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { answer, session } = await viaProvider(() =>
          startClaim(deps, request.params.token, request.body.securityAnswer, request.ip),
        );
        setClaimSessionCookie(reply, deps, session);
        return answer;
      },
    );

    app.get(
      '/api/gifts/claim/:token/complete',
      {
        schema: {
          summary:
            "Completion check after onboarding: pays the gift out once the account is ready. Needs the gift's claim session (404 as for an unknown gift without it)",
          tags,
          params: claimTokenParamSchema,
          response: { 200: claimCompleteResponseSchema, ...errorResponses },
        },
      },
      async (request) => viaProvider(() => completeClaim(deps, request.params.token, claimSessionCookies(request))),
    );

    // The provider's refresh_url: a used or expired onboarding link lands here and gets a fresh one.
    app.get(
      '/api/gifts/claim/:token/onboarding',
      {
        schema: {
          summary:
            "Redirects to a fresh onboarding link in the gift's claim session; otherwise to the claim page, as for an unknown gift",
          tags,
          params: claimTokenParamSchema,
          response: { 303: z.undefined().describe('Location: a fresh onboarding link'), ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.redirect(
          await viaProvider(() => refreshOnboarding(deps, request.params.token, claimSessionCookies(request))),
          303,
        ),
    );

    // The provider's return after its owner sign-in (decision 021): the nonce proves this claimant owns the account.
    app.get(
      '/api/gifts/claim/:token/owner-proof',
      {
        schema: {
          summary:
            "Return from the provider's sign-in to an existing payout account: a single-use proof, in the gift's claim session, binds the gift to that account and redirects to the completion check",
          tags,
          params: claimTokenParamSchema,
          querystring: ownerProofQuerySchema,
          response: {
            303: z.undefined().describe('Location: the claim page, which runs the completion check'),
            ...errorResponses,
          },
        },
      },
      async (request, reply) =>
        reply.redirect(
          await acceptOwnerProof(deps, request.params.token, request.query.proof, claimSessionCookies(request)),
          303,
        ),
    );

    app.post(
      '/api/gifts/claim/:token/new-account',
      {
        schema: {
          summary:
            '"Use a different account": in the gift\'s claim session, sets up a new payout account for this gift and redirects to its onboarding (a plain form post)',
          tags,
          params: claimTokenParamSchema,
          response: { 303: z.undefined().describe("Location: the new account's onboarding"), ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.redirect(
          await viaProvider(() => useDifferentAccount(deps, request.params.token, claimSessionCookies(request))),
          303,
        ),
    );

    app.get(
      '/api/gifts/:giftId/status',
      {
        schema: {
          summary:
            "The gift's status by public id; the onboarding and payout progress only in the gift's claim session",
          tags,
          params: giftPublicIdParamSchema,
          response: { 200: giftStatusResponseSchema, ...errorResponses },
        },
      },
      async (request) => viaProvider(() => giftClaimStatus(deps, request.params.giftId, claimSessionCookies(request))),
    );

    app.get(
      '/api/gifts/:giftId/dashboard-login',
      {
        schema: {
          summary:
            "The payout account's express dashboard link. Needs the gift's claim session (404 as for an unknown gift without it)",
          tags,
          params: giftPublicIdParamSchema,
          response: { 200: dashboardLoginResponseSchema, ...errorResponses },
        },
      },
      async (request) => viaProvider(() => dashboardLogin(deps, request.params.giftId, claimSessionCookies(request))),
    );
  };
