// Sandbox checkout pages. Built by the send-a-gift work.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';

export const sandboxCheckoutRoutes =
  (_deps: AppDeps): FastifyPluginAsync =>
  async () => {};
