// POST /api/contact: validate, send, answer. A dropped (honeypot) message gets the same answer as a sent one.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { validate } from '../http/validate.js';
import { contactSchema } from '../../shared/schemas/contact.js';
import { sendContactMessage } from '../services/contact/send-message.js';

export const CONTACT_SENT_MESSAGE = "Thank you for your message. We'll get back to you soon.";

export const contactRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const openapi = {
      summary: 'Send a message to support (5 per hour per client; a filled honeypot is dropped with the same answer)',
      tags: ['contact'],
      body: contactSchema,
      response: z.object({ message: z.string() }),
    };
    app.post('/api/contact', { config: { openapi } }, async (request, reply) => {
      const input = validate(contactSchema, request.body);
      await sendContactMessage(deps, input, request.ip);
      return reply.status(201).send({ message: CONTACT_SENT_MESSAGE });
    });
  };
