// Admin API for money: the ledger's totals, the attention list and its actions (decision 017). Every route sits
// under the admin session guard (index.ts: 401 without one); the actions are POSTs, so the app's cross-site check (http/security.ts)
// guards them like every other admin action, and each is recorded in the security log with the admin's id. The
// actions move money: each needs a check within 15 minutes (requireRecentAuth, decision 020) and writes an audit row.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../../http/contracts.js';
import { giftIdParamSchema, successSchema } from '../../../shared/schemas/admin.js';
import { adminMoneySchema, attentionListSchema, retryOutcomeSchema } from '../../../shared/schemas/admin-money.js';
import { moneyTotals } from '../../services/admin/money-totals.js';
import { attentionList } from '../../services/admin/attention-list.js';
import { retryGiftMovement } from '../../services/admin/retry-movement.js';
import { refundSender } from '../../services/admin/refund-sender.js';
import { markAttentionResolved } from '../../services/admin/resolve-attention.js';
import { adminActor } from './auth.js';
import { requireRecentAuth } from './recent-auth.js';

export const adminMoneyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/money',
      {
        schema: {
          summary: "The ledger's totals: collected, owed to recipients, paid out, refunded, fees, tips, disputed",
          response: { 200: adminMoneySchema, ...errorResponses },
        },
      },
      async () => moneyTotals(deps),
    );

    app.get(
      '/api/admin/attention',
      {
        schema: {
          summary: 'Gifts an operator must look at (flagged, frozen claims, failed payouts or refunds), oldest first',
          response: { 200: attentionListSchema, ...errorResponses },
        },
      },
      async () => attentionList(deps),
    );

    app.post(
      '/api/admin/gifts/:id/retry-movement',
      {
        ...requireRecentAuth(deps, 'retry_movement'),
        schema: {
          summary: "Retry now: attempt the gift's waiting or failed payout or refund at once",
          params: giftIdParamSchema,
          response: { 200: retryOutcomeSchema, ...errorResponses },
        },
      },
      async (request) => retryGiftMovement(deps, request.params.id, await adminActor(deps, request)),
    );

    app.post(
      '/api/admin/gifts/:id/refund-sender',
      {
        ...requireRecentAuth(deps, 'refund_sender'),
        schema: {
          summary: 'Refund sender: send the money the gift holds back to the sender (only while it is undecided)',
          params: giftIdParamSchema,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true,
        message: await refundSender(deps, request.params.id, await adminActor(deps, request)),
      }),
    );

    app.post(
      '/api/admin/gifts/:id/resolve-attention',
      {
        ...requireRecentAuth(deps, 'resolve_attention'),
        schema: {
          summary: "Mark resolved: clear the gift's attention flag (refused while its cause remains)",
          params: giftIdParamSchema,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request) => {
        await markAttentionResolved(deps, request.params.id, await adminActor(deps, request));
        return { success: true, message: 'Marked resolved.' };
      },
    );
  };
