import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/health', { config: { openapi: { summary: 'Is the service up and the database reachable?', tags: ['health'] } } }, async (_request, reply) => {
      const database = await deps.database.ping();
      return reply.status(database ? 200 : 503).send({
        status: database ? 'ok' : 'unavailable',
        database: database ? 'reachable' : 'unreachable',
        engine: deps.database.engine,
        provider: deps.payments.name,
      });
    });
  };
