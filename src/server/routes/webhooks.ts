// POST /api/webhooks/stripe: the signature is checked over the raw body (so JSON is parsed as a buffer only in
// this plugin's scope); a bad or missing signature is a 400 with no effect; then the one event handler.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';
import { badRequest } from '../errors.js';
import { handleProviderEvent } from '../services/events/handle-event.js';
import type { ProviderEvent } from '../payments/provider.js';

export const webhookRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const openapi = {
      summary: "Payment provider events (Stripe-signed, raw JSON body); each event id is handled once",
      tags: ['webhooks'],
    };
    app.post('/api/webhooks/stripe', { config: { openapi } }, async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw badRequest('Send the event as the raw JSON body (Content-Type: application/json).');
      const header = request.headers['stripe-signature'];
      let event: ProviderEvent;
      try {
        event = deps.payments.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch {
        throw badRequest('Invalid or missing Stripe-Signature header: the event was not accepted.');
      }
      const outcome = await handleProviderEvent(deps, event);
      return { received: true, duplicate: outcome.duplicate };
    });
  };
