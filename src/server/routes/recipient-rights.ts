// The recipient's own rights (issue 25) as API routes: POST /api/verify checks a claim e-mail's verification code.
// Thin: the contract checks the input, the service decides.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { verifyGiftCode } from '../services/recipient-rights/verify-code.js';
import { verifyRequestSchema, verifyResponseSchema } from '../../shared/schemas/recipient-rights.js';

const tags = ['recipient'];

export const recipientRightsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/verify',
      {
        schema: {
          summary:
            "Whether a real gift has this e-mail's verification code: amount, expiry, never a claim link. Limited per client (429 with Retry-After)",
          tags,
          body: verifyRequestSchema,
          response: { 200: verifyResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return verifyGiftCode(deps, request.body.code, request.ip);
      },
    );
  };
