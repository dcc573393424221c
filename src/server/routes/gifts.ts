// POST /api/gifts: validate the create-gift payload with the shared schema, create the gift, answer {checkoutUrl}.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';
import { validate } from '../http/validate.js';
import { sessionCookie } from '../http/session-auth.js';
import { readSession } from '../services/sessions.js';
import { createGift } from '../services/gifts/create-gift.js';
import { admitGiftStart } from '../services/gifts/start-limit.js';
import { createGiftResponseSchema, createGiftSchema, type CreateGiftResponse } from '../../shared/schemas/gift.js';

export const giftRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const openapi = {
      summary: 'Create a gift (pending) and open its checkout; the server recomputes every figure',
      tags: ['gifts'],
      body: createGiftSchema,
      response: createGiftResponseSchema,
    };
    app.post('/api/gifts', { config: { openapi } }, async (request, reply): Promise<CreateGiftResponse> => {
      const input = validate(createGiftSchema, request.body);
      await admitGiftStart(deps, request.ip);
      const donorSession = await readSession(deps.db, deps.clock, 'donor', sessionCookie(request, 'donor'));
      const result = await createGift(deps, input, { sessionDonorId: donorSession?.subjectId ?? null });
      reply.status(201);
      return result;
    });
  };
