import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { z } from 'zod';
import { errorResponses } from '../http/contracts.js';
import { messageSchema } from '../../shared/schemas/common.js';
import { healthSchema, readySchema } from '../../shared/schemas/service.js';
import { notShed } from '../observability/load-shedding.js';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const schema = {
      summary: 'Is the service up and the database reachable?',
      tags: ['health'],
      response: { 200: healthSchema, 503: healthSchema.describe('The database is unreachable'), ...errorResponses },
    };
    // Liveness: answers even under load shedding, so a busy process is never restarted for it.
    app.get('/api/health', { schema, config: notShed }, async (_request, reply) => {
      const database = await deps.database.ping();
      return reply.status(database ? 200 : 503).send({
        status: database ? 'ok' : 'unavailable',
        database: database ? 'reachable' : 'unreachable',
        engine: deps.database.engine,
        provider: deps.payments.name,
      });
    });

    app.get(
      '/api/ready',
      {
        schema: {
          summary: 'May this instance take traffic? Database, migrations and job runner (readiness)',
          tags: ['health'],
          response: {
            ...errorResponses,
            200: readySchema,
            // Not ready (the checks), or shed under load ({"message"} with Retry-After).
            503: z.union([readySchema, messageSchema]).describe('Not ready, or overloaded'),
          },
        },
      },
      async (_request, reply) => {
        const answer = await app.observability.readiness();
        return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
      },
    );
  };
