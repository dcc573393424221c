// POST /contact: the contact form posted by the browser itself (before the page's scripts arrived, or without
// them), form-encoded. Checked with the same shared schema and sent by the same service (so the same per-client
// limit) as POST /api/contact; the cross-site refusal is the one every POST gets (http/security.ts). Being a page,
// it answers a page (decision 007, amended): "sent", or the form again with what was typed and why it was not sent,
// never JSON. Nothing typed goes into an address.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { ContactPageDocument } from '../http/server-page-document.js';
import { sendContactMessage } from '../services/contact/send-message.js';
import { CONTACT_PAGE_PATH } from '../../shared/contact-page.js';
import { SUPPORT_EMAIL_PUBLIC } from '../../shared/constants.js';
import { readContactForm } from '../../shared/schemas/contact.js';

/** A form-encoded body is a flat object of strings; its fields are checked by readContactForm. */
const body = z.record(z.string(), z.unknown());

/** What the app's toast says when the message could not be sent for a reason of ours. */
const UNSENT = `Please try again or email us directly at ${SUPPORT_EMAIL_PUBLIC}.`;

export const contactPageRoutes =
  (deps: AppDeps, page: ContactPageDocument): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(CONTACT_PAGE_PATH, { schema: { body }, attachValidation: true }, async (request, reply) => {
      const form = readContactForm(request.validationError ? {} : request.body);
      if (!form.ok) return page.send(request, reply, { kind: 'form', values: form.values, errors: form.errors }, 400);
      try {
        await sendContactMessage(deps, form.message, request.ip);
        return page.send(request, reply, { kind: 'sent' }, 200);
      } catch (error) {
        // Refused (the hourly limit) or failed: the form again with everything typed, so nothing is lost.
        const refused = error instanceof AppError;
        if (refused) reply.headers(error.headers);
        else request.log.error({ err: error }, 'contact form failed');
        const view = {
          kind: 'form',
          values: form.values,
          errors: {},
          alert: refused ? error.message : UNSENT,
        } as const;
        return page.send(request, reply, view, refused ? error.statusCode : 500);
      }
    });
  };
