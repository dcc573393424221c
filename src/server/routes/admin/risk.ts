// Admin API for the risk layer (decision 024): the Review queue with Approve and Reject, and the rules in force
// (read-only). Under the admin session guard (index.ts); the decisions are money actions (requireRecentAuth: a
// check within 15 minutes, an audit row, decision 020), exactly once under parallel clicks (services/risk/decide.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../../http/contracts.js';
import { giftIdParamSchema } from '../../../shared/schemas/admin.js';
import { reviewDecisionSchema, reviewQueueSchema, riskRulesSchema } from '../../../shared/schemas/admin-risk.js';
import { reviewQueue } from '../../services/risk/review-queue.js';
import { approveHeldGift, rejectHeldGift } from '../../services/risk/decide.js';
import { riskRules } from '../../services/risk/rules-shown.js';
import { adminActor } from './auth.js';
import { requireRecentAuth } from './recent-auth.js';

export const adminRiskRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/risk/reviews',
      {
        schema: {
          summary: 'Gifts held for review, oldest first, with reasons, payer history and linkage',
          response: { 200: reviewQueueSchema, ...errorResponses },
        },
      },
      async () => reviewQueue(deps),
    );

    app.get(
      '/api/admin/risk/rules',
      {
        schema: {
          summary: 'The risk rules in force and the setting that changes each',
          response: { 200: riskRulesSchema, ...errorResponses },
        },
      },
      async () => riskRules(deps.config),
    );

    app.post(
      '/api/admin/risk/reviews/:id/approve',
      {
        ...requireRecentAuth(deps, 'approve_review'),
        schema: {
          summary: 'Approve a held gift: its transfer may go',
          params: giftIdParamSchema,
          response: { 200: reviewDecisionSchema, ...errorResponses },
        },
      },
      async (request) => approveHeldGift(deps, request.params.id, await adminActor(deps, request)),
    );

    app.post(
      '/api/admin/risk/reviews/:id/reject',
      {
        ...requireRecentAuth(deps, 'reject_review'),
        schema: {
          summary: 'Reject a held gift: the whole charge is refunded to the sender',
          params: giftIdParamSchema,
          response: { 200: reviewDecisionSchema, ...errorResponses },
        },
      },
      async (request) => rejectHeldGift(deps, request.params.id, await adminActor(deps, request)),
    );
  };
