// POST /api/webhooks/stripe (platform and Connect endpoints alike): the provider's adapter checks the signature over
// the raw body (so JSON is parsed as a buffer only in this plugin's scope, and the body has no schema) and
// translates the event; a bad or missing signature is a 400 with no effect; then the one event handler
// (services/events/ingest-webhook.ts, the entry point the sandbox's signed events go through too).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { badRequest } from '../errors.js';
import { errorResponses } from '../http/contracts.js';
import { ingestWebhook } from '../services/events/ingest-webhook.js';
import { webhookReceiptSchema } from '../../shared/schemas/service.js';

const signatureHeaders = z.looseObject({
  'stripe-signature': z.string().max(4096, 'stripe-signature is too long').optional().describe('Stripe-Signature'),
  'sandbox-signature': z
    .string()
    .max(4096, 'sandbox-signature is too long')
    .optional()
    .describe('Sandbox-Signature (sandbox provider only)'),
});

export const webhookRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const schema = {
      summary:
        'Payment provider events (signed with STRIPE_WEBHOOK_SECRET or STRIPE_CONNECT_WEBHOOK_SECRET, raw JSON body); ' +
        'each event id is handled once',
      tags: ['webhooks'],
      headers: signatureHeaders,
      response: { 200: webhookReceiptSchema, ...errorResponses },
    };
    app.post('/api/webhooks/stripe', { schema }, async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw))
        throw badRequest('Send the event as the raw JSON body (Content-Type: application/json).', 'MALFORMED_REQUEST');
      const { duplicate } = await ingestWebhook(deps, raw, request.headers);
      return { received: true as const, duplicate };
    });
  };
