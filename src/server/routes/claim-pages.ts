// The recipient's claim page, /claim/:token and /gift/claim/:token, rendered on the server (decision 015) from the
// same claim services as the API: GET shows the gift (or "Gift Not Found"), POST is the page's own HTML form with
// the security answer. A return from onboarding (?return=true) gets the app, which runs the completion check.
// The token, query and form are declared with the claim API's schemas (decision 009); being a page, a failed
// check is answered with the page itself (attachValidation), never JSON.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { ClaimPageDocument } from '../http/server-page-document.js';
import { lookupClaim } from '../services/claims/lookup.js';
import { startClaim } from '../services/claims/claim.js';
import {
  CLAIM_ANSWER_FIELD,
  CLAIM_REPORTED_QUERY,
  CLAIM_SENDER_STOPPED_QUERY,
  type ClaimPageView,
} from '../../shared/claim-page.js';
import {
  claimRequestSchema,
  claimTokenParamSchema,
  type ClaimToken,
  declinePath,
  newAccountPath,
  reportPath,
  stopSenderPath,
} from '../../shared/schemas/claim.js';
import { viaProvider } from './claims.js';
import { setClaimSessionCookie } from '../http/claim-session-cookie.js';

const PATHS = ['/claim/:token', '/gift/claim/:token'];
const querystring = z.looseObject({ return: z.string().optional() });
const body = z.looseObject({ [CLAIM_ANSWER_FIELD]: claimRequestSchema.shape.securityAnswer });
const params = claimTokenParamSchema;

export const claimPageRoutes =
  (deps: AppDeps, document: ClaimPageDocument): FastifyPluginAsyncZod =>
  async (app) => {
    const formAction = (request: FastifyRequest) => request.url.split('?')[0]!;
    const notFound = (request: FastifyRequest, reply: FastifyReply) =>
      document.send(request, reply, { kind: 'not-found' }, 404);
    const failedPart = (request: FastifyRequest) => request.validationError?.validationContext;

    /** The gift and its form, or "Gift Not Found" (404) for a link the lookup refuses. */
    async function giftView(
      request: FastifyRequest,
      token: ClaimToken,
      extra: { answer?: string; error?: string; reported?: boolean; senderStopped?: boolean } = {},
    ) {
      try {
        const gift = await lookupClaim(deps, token);
        const reportAction = reportPath(token);
        return {
          view: { kind: 'gift', gift, formAction: formAction(request), reportAction, ...extra } satisfies ClaimPageView,
          status: 200,
        };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404)
          return {
            view: { kind: 'not-found', senderStopped: extra.senderStopped } satisfies ClaimPageView,
            status: 404,
          };
        // Declined (decision 025): the link says so, not "not found".
        if (error instanceof AppError && error.code === 'GIFT_DECLINED') {
          const view: ClaimPageView = {
            kind: 'declined',
            stopSenderAction: stopSenderPath(token),
            senderStopped: extra.senderStopped,
          };
          return { view, status: 200 };
        }
        throw error;
      }
    }

    for (const url of PATHS) {
      app.get(url, { schema: { params, querystring }, attachValidation: true }, async (request, reply) => {
        if (failedPart(request) === 'params') return notFound(request, reply);
        // Present at all (even malformed, e.g. repeated): the return from onboarding, which the app handles.
        if ((request.query as Record<string, unknown>).return !== undefined) return reply.callNotFound();
        const query = request.query as Record<string, unknown>;
        const reported = query[CLAIM_REPORTED_QUERY] !== undefined;
        // The stop-sender form's redirect: "1" done, anything else not (the page says which).
        const stopped = query[CLAIM_SENDER_STOPPED_QUERY];
        const senderStopped = stopped === undefined ? undefined : stopped === '1';
        const { view, status } = await giftView(request, request.params.token, { reported, senderStopped });
        return document.send(request, reply, view, status);
      });

      app.post(url, { schema: { params, body }, attachValidation: true }, async (request, reply) => {
        if (failedPart(request) === 'params') return notFound(request, reply);
        if (failedPart(request) === 'body') {
          // A form the page never sends (a field repeated, an answer over the limit): the page again, with why.
          const { view, status } = await giftView(request, request.params.token, {
            error: request.validationError!.validation[0]?.message,
          });
          return document.send(request, reply, view, view.kind === 'gift' ? 400 : status);
        }
        const typed = request.body[CLAIM_ANSWER_FIELD] ?? undefined;
        try {
          const { answer, session } = await viaProvider(() =>
            startClaim(deps, request.params.token, typed, request.ip),
          );
          setClaimSessionCookie(reply, deps, session);
          const view = {
            kind: 'account-setup',
            ...answer,
            newAccountAction: newAccountPath(request.params.token),
            declineAction: declinePath(request.params.token),
            reportAction: reportPath(request.params.token),
            stopSenderAction: stopSenderPath(request.params.token),
          } as const;
          return document.send(request, reply, view, 200);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // The same page again with the service's message and what was typed; its status is the refusal's.
          const { view, status } = await giftView(request, request.params.token, {
            answer: typed,
            error: error.message,
          });
          reply.headers(error.headers);
          return document.send(request, reply, view, view.kind === 'gift' ? error.statusCode : status);
        }
      });
    }
  };
