// POST /api/gifts: the create-gift payload is checked by its shared schema (route contract); create the gift,
// answer {checkoutUrl}.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { sessionCookie } from '../http/session-auth.js';
import { readSession } from '../services/sessions.js';
import { createGift } from '../services/gifts/create-gift.js';
import { admitGiftStart } from '../services/gifts/start-limit.js';
import { createGiftResponseSchema, createGiftSchema } from '../../shared/schemas/gift.js';

export const giftRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const schema = {
      summary: 'Create a gift (pending) and open its checkout; the server recomputes every figure',
      tags: ['gifts'],
      body: createGiftSchema,
      response: { 201: createGiftResponseSchema, ...errorResponses },
    };
    app.post('/api/gifts', { schema }, async (request, reply) => {
      const { checkedRecipient } = await admitGiftStart(deps, request.ip, request.body.recipientEmail);
      const donorSession = await readSession(deps.db, deps.clock, 'donor', sessionCookie(request, 'donor'));
      const result = await createGift(deps, request.body, {
        sessionDonorId: donorSession?.subjectId ?? null,
        clientAddress: request.ip,
        checkedRecipient,
      });
      return reply.status(201).send(result);
    });
  };
