// Admin API for the risk layer (decision 024): the Review queue with Approve and Reject, the rules in force
// (read-only), and blocks of a payer or a recipient address (list, add, remove). Under the admin session guard (index.ts); the decisions are money actions (requireRecentAuth: a
// check within 15 minutes, an audit row, decision 020), exactly once under parallel clicks (services/risk/decide.ts);
// so are blocks, which decide where money goes for every later gift of the payer (services/risk/blocks.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../../http/contracts.js';
import { giftIdParamSchema } from '../../../shared/schemas/admin.js';
import {
  blockIdParamSchema,
  blockOutcomeSchema,
  blockRecipientSchema,
  blocksSchema,
  reviewDecisionSchema,
  reviewQueueSchema,
  riskRulesSchema,
} from '../../../shared/schemas/admin-risk.js';
import { blockPayer, blockRecipient, listBlocks, removeBlock } from '../../services/risk/blocks.js';
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

    app.get(
      '/api/admin/risk/blocks',
      {
        schema: {
          summary: 'Blocked payer identities and recipient addresses, newest first',
          response: { 200: blocksSchema, ...errorResponses },
        },
      },
      async () => listBlocks(deps),
    );

    app.post(
      '/api/admin/risk/blocks/payer/:id',
      {
        ...requireRecentAuth(deps, 'block_payer'),
        schema: {
          summary: 'Block the payer of a gift (its e-mail, card and client address): their later payments are refunded',
          params: giftIdParamSchema,
          response: { 200: blockOutcomeSchema, ...errorResponses },
        },
      },
      async (request) => blockPayer(deps, request.params.id, await adminActor(deps, request)),
    );

    app.post(
      '/api/admin/risk/blocks/recipient',
      {
        ...requireRecentAuth(deps, 'block_recipient'),
        schema: {
          summary: 'Block a recipient address: new gifts to it are refused before payment',
          body: blockRecipientSchema,
          response: { 200: blockOutcomeSchema, ...errorResponses },
        },
      },
      async (request) => blockRecipient(deps, request.body.email, await adminActor(deps, request)),
    );

    app.delete(
      '/api/admin/risk/blocks/:blockId',
      {
        ...requireRecentAuth(deps, 'unblock'),
        schema: {
          summary: 'Remove a block',
          params: blockIdParamSchema,
          response: { 200: blockOutcomeSchema, ...errorResponses },
        },
      },
      async (request) => removeBlock(deps, request.params.blockId, await adminActor(deps, request)),
    );
  };
