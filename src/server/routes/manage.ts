// The sender's gift page API (decision 016): the view and the changes a sender may make while the gift is
// unclaimed, all behind the private manage token; a donor's "Manage" link; and the recipient's thank-you note.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { requireSession } from '../http/session-auth.js';
import { messageSchema } from '../../shared/schemas/common.js';
import {
  correctEmailSchema,
  deliveryDateSchema,
  giftIdParamSchema,
  manageLinkResponseSchema,
  managedGiftSchema,
  thankYouSchema,
  tokenParamSchema,
} from '../../shared/schemas/manage.js';
import { giftIdForManage } from '../services/manage/find-managed-gift.js';
import { managedGiftView } from '../services/manage/gift-page.js';
import { correctRecipientEmail } from '../services/manage/correct-email.js';
import { resendRecipientEmail } from '../services/manage/resend-email.js';
import { cancelGift } from '../services/manage/cancel-gift.js';
import { rescheduleDelivery } from '../services/manage/reschedule.js';
import { donorManageLink } from '../services/manage/manage-link.js';
import { sendThankYou } from '../services/manage/thank-you.js';
import { claimSessionCookies } from '../http/claim-session-cookie.js';

export const manageRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['gift page'];
    // Generic in the body schema, so the handler's request.body is typed and already checked by the contract.
    const page = <Body extends z.ZodType | undefined = undefined>(summary: string, body?: Body) => {
      const schema = {
        summary,
        tags,
        params: tokenParamSchema,
        body: body as Body,
        response: { 200: managedGiftSchema, ...errorResponses },
      };
      // Fastify warns at start-up (FSTWRN001, a non-JSON log line) about a body key that is present but unset.
      if (body === undefined) Reflect.deleteProperty(schema, 'body');
      return { schema };
    };
    const view = (giftId: number) => managedGiftView(deps, giftId);

    app.get(
      '/api/gifts/manage/:token',
      page("The sender's gift page: the gift, its timeline and what can still change"),
      async (request) => view(await giftIdForManage(deps.db, request.params.token)),
    );

    app.post(
      '/api/gifts/manage/:token/recipient-email',
      page("Correct the recipient's address (at most 3 times); the old claim link stops working", correctEmailSchema),
      async (request) => {
        const { recipientEmail } = request.body;
        const giftId = await giftIdForManage(deps.db, request.params.token);
        await correctRecipientEmail(deps, giftId, recipientEmail);
        return view(giftId);
      },
    );

    app.post(
      '/api/gifts/manage/:token/resend',
      page('Resend the recipient e-mail with a fresh link (once per 24 hours)'),
      async (request) => {
        const giftId = await giftIdForManage(deps.db, request.params.token);
        await resendRecipientEmail(deps, giftId);
        return view(giftId);
      },
    );

    app.post(
      '/api/gifts/manage/:token/cancel',
      page('Cancel an unclaimed gift: the gift amount is refunded, fee and tip kept'),
      async (request) => {
        const giftId = await giftIdForManage(deps.db, request.params.token);
        await cancelGift(deps, giftId);
        return view(giftId);
      },
    );

    app.post(
      '/api/gifts/manage/:token/delivery-date',
      page('Move the delivery date of a scheduled gift not yet delivered', deliveryDateSchema),
      async (request) => {
        const { date } = request.body;
        const giftId = await giftIdForManage(deps.db, request.params.token);
        await rescheduleDelivery(deps, giftId, date);
        return view(giftId);
      },
    );

    app.post(
      '/api/donor/gifts/:giftId/manage-link',
      {
        schema: {
          summary: "A link to the gift page of one of the signed-in donor's gifts",
          tags,
          params: giftIdParamSchema,
          response: { 200: manageLinkResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const session = await requireSession(request, deps, 'donor');
        return donorManageLink(deps, session.subjectId, request.params.giftId);
      },
    );

    app.post(
      '/api/gifts/claim/:token/thank-you',
      {
        schema: {
          summary: 'After claiming, in the claim session: one anonymous thank-you note to the sender',
          tags,
          params: tokenParamSchema,
          body: thankYouSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { note } = request.body;
        await sendThankYou(deps, request.params.token, note, claimSessionCookies(request));
        return { message: 'Your note is on its way. Thank you!' };
      },
    );
  };
