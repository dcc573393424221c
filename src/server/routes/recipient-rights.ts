// The recipient's own rights (issue 25) as API routes: POST /api/verify checks a claim e-mail's verification code;
// decline (decision 025); "stop this sender"; the links e-mailed to the recipient's address (stop all gifts, undo).
// Thin: the contract checks the input, the service decides.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { verifyGiftCode } from '../services/recipient-rights/verify-code.js';
import {
  declineResponseSchema,
  recipientLinkDoneSchema,
  recipientLinkTokenSchema,
  recipientLinkViewSchema,
  reportRequestSchema,
  reportResponseSchema,
  stopSenderResponseSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '../../shared/schemas/recipient-rights.js';
import { claimTokenParamSchema } from '../../shared/schemas/claim.js';
import { claimSessionCookies } from '../http/claim-session-cookie.js';
import { declineGift } from '../services/recipient-rights/decline.js';
import { reportGift } from '../services/recipient-rights/report.js';
import { CLAIM_REPORTED_QUERY, CLAIM_SENDER_STOPPED_QUERY } from '../../shared/claim-page.js';
import { stopSender } from '../services/recipient-rights/stop-sender.js';
import { describeRecipientLink, followRecipientLink } from '../services/recipient-rights/follow-link.js';
import { AppError } from '../errors.js';

/** A program's call (JSON) rather than a page's plain form post. */
const isJson = (request: FastifyRequest) => /^application\/json\b/i.test(request.headers['content-type'] ?? '');

const tags = ['recipient'];

export const recipientRightsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/verify',
      {
        schema: {
          summary:
            "Whether a real gift has this e-mail's verification code: amount, expiry, never a claim link. Limited per client (429 with Retry-After)",
          tags,
          body: verifyRequestSchema,
          response: { 200: verifyResponseSchema, ...errorResponses },
        },
      },
      async (request) => verifyGiftCode(deps, request.body.code, request.ip),
    );

    app.get(
      '/api/recipient-links/:token',
      {
        schema: {
          summary:
            "What a link e-mailed to a recipient's address does (stop all gifts to it, or undo a stop of all gifts or of one sender), before its one-click confirmation",
          tags,
          params: recipientLinkTokenSchema,
          response: { 200: recipientLinkViewSchema, ...errorResponses },
        },
      },
      async (request) => describeRecipientLink(deps, request.params.token),
    );

    app.post(
      '/api/recipient-links/:token',
      {
        schema: {
          summary:
            "Confirms a link e-mailed to a recipient's address: stops all gifts to it, or undoes a stop of all gifts or of one sender",
          tags,
          params: recipientLinkTokenSchema,
          response: { 200: recipientLinkDoneSchema, ...errorResponses },
        },
      },
      async (request) => ({ message: await followRecipientLink(deps, request.params.token) }),
    );

    app.post(
      '/api/gifts/claim/:token/report',
      {
        schema: {
          summary:
            "Report this gift (harassment, scam, other; up to 500 characters): puts it on the operator's attention list with the payer's identity. A JSON post answers JSON; the claim page's form post is redirected back to the claim page",
          tags: ['claim'],
          params: claimTokenParamSchema,
          body: reportRequestSchema,
          response: {
            200: reportResponseSchema,
            303: z.undefined().describe('Location: the claim page, saying the report was received (a form post)'),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const answer = await reportGift(deps, request.params.token, request.body);
        if (isJson(request)) return answer;
        return reply.redirect(`/claim/${encodeURIComponent(request.params.token)}?${CLAIM_REPORTED_QUERY}=1`, 303);
      },
    );

    app.post(
      '/api/gifts/claim/:token/decline',
      {
        schema: {
          summary:
            "Decline the gift after the security answer (its claim session), until the payout transfer is made: the sender is refunded as for a cancellation. A JSON post answers JSON; the claim page's form post is redirected back to the claim page, which says what happened",
          tags: ['claim'],
          params: claimTokenParamSchema,
          response: {
            200: declineResponseSchema,
            303: z.undefined().describe('Location: the claim page (a form post)'),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const decline = () => declineGift(deps, request.params.token, claimSessionCookies(request));
        if (isJson(request)) return decline();
        // The page's form: whatever happened, the claim page shows the gift's state ("You declined this gift").
        try {
          await decline();
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
        return reply.redirect(`/claim/${encodeURIComponent(request.params.token)}`, 303);
      },
    );

    app.post(
      '/api/gifts/claim/:token/stop-sender',
      {
        schema: {
          summary:
            "Don't accept gifts from this sender again, after declining or claiming (the gift's claim session): the payer's later gifts to this address are refunded whole at payment, and the address is e-mailed an undo link. Nothing about the sender is answered. A JSON post answers JSON; the claim page's form post is redirected back to the claim page",
          tags: ['claim'],
          params: claimTokenParamSchema,
          response: {
            200: stopSenderResponseSchema,
            303: z.undefined().describe('Location: the claim page, saying whether it was done (a form post)'),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const stop = () => stopSender(deps, request.params.token, claimSessionCookies(request));
        if (isJson(request)) return stop();
        let done = 1;
        try {
          await stop();
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          done = 0;
        }
        const page = `/claim/${encodeURIComponent(request.params.token)}`;
        return reply.redirect(`${page}?${CLAIM_SENDER_STOPPED_QUERY}=${done}`, 303);
      },
    );
  };
