import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { healthSchema } from '../../shared/schemas/service.js';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const schema = {
      summary: 'Is the service up and the database reachable?',
      tags: ['health'],
      response: { 200: healthSchema, 503: healthSchema.describe('The database is unreachable'), ...errorResponses },
    };
    app.get('/api/health', { schema }, async (_request, reply) => {
      const database = await deps.database.ping();
      return reply.status(database ? 200 : 503).send({
        status: database ? 'ok' : 'unavailable',
        database: database ? 'reachable' : 'unreachable',
        engine: deps.database.engine,
        provider: deps.payments.name,
      });
    });
  };
