// POST /api/contact: send, answer. A dropped (honeypot) message gets the same answer as a sent one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { errorResponses } from '../http/contracts.js';
import { contactSchema } from '../../shared/schemas/contact.js';
import { CONTACT_SENT_MESSAGE } from '../../shared/contact-page.js';
import { messageSchema } from '../../shared/schemas/common.js';
import { sendContactMessage } from '../services/contact/send-message.js';

export const contactRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const schema = {
      summary: 'Send a message to support (5 per hour per client; a filled honeypot is dropped with the same answer)',
      tags: ['contact'],
      body: contactSchema,
      response: { 201: messageSchema, ...errorResponses },
    };
    app.post('/api/contact', { schema }, async (request, reply) => {
      await sendContactMessage(deps, request.body, request.ip);
      return reply.status(201).send({ message: CONTACT_SENT_MESSAGE });
    });
  };
