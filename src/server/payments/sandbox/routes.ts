// The sandbox's hosted pages (checkout, onboarding, express dashboard). Server-rendered, no script needed.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';

export const sandboxRoutes =
  (_deps: AppDeps): FastifyPluginAsync =>
  async () => {};
