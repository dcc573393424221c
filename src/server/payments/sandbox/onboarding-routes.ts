// Sandbox onboarding pages. Built by the claim-a-gift work.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';

export const sandboxOnboardingRoutes =
  (_deps: AppDeps): FastifyPluginAsync =>
  async () => {};
