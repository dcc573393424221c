// POST /api/webhooks/stripe (platform and Connect endpoints alike): the adapter checks the signature over the raw
// body (so JSON is parsed as a buffer only in this plugin's scope, and the body has no schema) and translates the
// event; a bad or missing signature is a 400 with no effect; then the one event handler.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { badRequest } from '../errors.js';
import { errorResponses } from '../http/contracts.js';
import { handleProviderEvent } from '../services/events/handle-event.js';
import type { AppEvent } from '../payments/events.js';
import { SANDBOX_TAKES_NO_WEBHOOKS } from '../payments/sandbox/webhooks.js';
import { webhookReceiptSchema } from '../../shared/schemas/service.js';

const signatureHeaders = z.looseObject({
  'stripe-signature': z.string().max(4096, 'stripe-signature is too long').optional().describe('Stripe-Signature'),
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
      let event: AppEvent;
      try {
        event = deps.payments.verifyWebhook(raw, request.headers);
      } catch (error) {
        if ((error as Error).message === SANDBOX_TAKES_NO_WEBHOOKS) {
          throw badRequest(
            'This server uses the sandbox payment provider, which sends no webhooks: the event was not accepted.',
            'WEBHOOK_SIGNATURE_INVALID',
          );
        }
        throw badRequest(
          'Invalid or missing Stripe-Signature header: the event was not accepted.',
          'WEBHOOK_SIGNATURE_INVALID',
        );
      }
      const outcome = await handleProviderEvent(deps, event);
      return { received: true as const, duplicate: outcome.duplicate };
    });
  };
