// "Give together" (decision 026): start a group gift, its share page and contributions, the organiser's page and
// send. Thin: the rules are in services/together/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { sessionCookie } from '../http/session-auth.js';
import { readSession } from '../services/sessions.js';
import { admitGiftStart } from '../services/gifts/start-limit.js';
import { createGiftResponseSchema } from '../../shared/schemas/gift.js';
import {
  contributeSchema,
  createGroupGiftResponseSchema,
  createGroupGiftSchema,
  organiserPageSchema,
  sharePageSchema,
  togetherTokenParams,
} from '../../shared/schemas/together.js';
import { createGroupGift } from '../services/together/create-group.js';
import { organiserPage, sharePage } from '../services/together/pages.js';
import { contribute } from '../services/together/contribute.js';
import { sendByOrganiser } from '../services/together/send.js';

export const togetherRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['give together'];
    app.post(
      '/api/together',
      {
        schema: {
          summary: 'Start a group gift (nothing is paid); answers the organiser and share links, shown once',
          tags,
          body: createGroupGiftSchema,
          response: { 201: createGroupGiftResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        // Each start hashes an answer and queues an e-mail: counted like a gift's start.
        await admitGiftStart(deps, request.ip);
        return reply.status(201).send(await createGroupGift(deps, request.body));
      },
    );

    app.get(
      '/api/together/:token',
      {
        schema: {
          summary: "The share page: recipient's first name, message, contribution count, goal progress (10% steps)",
          tags,
          params: togetherTokenParams,
          response: { 200: sharePageSchema, ...errorResponses },
        },
      },
      async (request) => sharePage(deps, request.params.token),
    );

    app.post(
      '/api/together/:token/contributions',
      {
        schema: {
          summary: 'Contribute a share: opens its checkout (the one-gift minimum, maximum, fee and tip apply)',
          tags,
          params: togetherTokenParams,
          body: contributeSchema,
          response: { 201: createGiftResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await admitGiftStart(deps, request.ip);
        const donor = await readSession(deps.db, deps.clock, 'donor', sessionCookie(request, 'donor'));
        const result = await contribute(deps, request.params.token, request.body, donor?.subjectId ?? null, request.ip);
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/api/together/organise/:token',
      {
        schema: {
          summary: "The organiser's page: the total and the count (never who gave or how much each gave)",
          tags,
          params: togetherTokenParams,
          response: { 200: organiserPageSchema, ...errorResponses },
        },
      },
      async (request) => organiserPage(deps, request.params.token),
    );

    app.post(
      '/api/together/organise/:token/send',
      {
        schema: {
          summary: 'Send the group gift now: the recipient gets one claim e-mail with the sum',
          tags,
          params: togetherTokenParams,
          response: { 200: organiserPageSchema, ...errorResponses },
        },
      },
      async (request) => sendByOrganiser(deps, request.params.token),
    );
  };
