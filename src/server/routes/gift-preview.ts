// POST /api/gifts/preview: "See what they'll see" on the review step (issue 25 point 1). Checked by its shared
// schema; writes nothing, needs no session, and reads none: the answer is built from the body alone.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { previewGift } from '../services/gifts/preview.js';
import { giftPreviewResponseSchema, giftPreviewSchema } from '../../shared/schemas/gift-preview.js';

export const giftPreviewRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const schema = {
      summary: "The claim e-mail and claim page a gift's recipient will get (example link and code); stores nothing",
      tags: ['gifts'],
      body: giftPreviewSchema,
      response: { 200: giftPreviewResponseSchema, ...errorResponses },
    };
    app.post('/api/gifts/preview', { schema }, async (request) => previewGift(deps, request.body));
  };
