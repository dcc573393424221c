// The recipient's own pages (issue 25), rendered on the server so their forms work before any script: GET /verify
// shows the code form, POST /verify (the form, form-encoded) answers the same page with the check's result; the
// links e-mailed to the address (/stop/:token, /resume/:token) show what they do and do it on one click. Being a
// page, a refusal (the per-client limit, a malformed form) is the page again with why, never JSON.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { RecipientPageDocument } from '../http/server-page-document.js';
import { verifyGiftCode } from '../services/recipient-rights/verify-code.js';
import {
  recipientLinkTokenSchema,
  VERIFY_CODE_FIELD,
  VERIFY_MESSAGES,
  VERIFY_PAGE_PATH,
} from '../../shared/schemas/recipient-rights.js';
import { describeRecipientLink, followRecipientLink } from '../services/recipient-rights/follow-link.js';

const verifyForm = z.looseObject({ [VERIFY_CODE_FIELD]: z.string().max(40) });

export const recipientPageRoutes =
  (deps: AppDeps, page: RecipientPageDocument): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(VERIFY_PAGE_PATH, async (request, reply) => page.send(request, reply, { kind: 'verify' }, 200));

    // The links e-mailed to the address: GET shows what the link does, POST (its one-click form) does it.
    for (const path of ['/stop/:token', '/resume/:token']) {
      const action = (request: FastifyRequest) => request.url.split('?')[0]!;
      const invalid = (request: FastifyRequest, reply: FastifyReply) =>
        page.send(request, reply, { kind: 'link-invalid' }, 404);

      app.get(
        path,
        { schema: { params: recipientLinkTokenSchema }, attachValidation: true },
        async (request, reply) => {
          if (request.validationError) return invalid(request, reply);
          try {
            const link = await describeRecipientLink(deps, request.params.token);
            return page.send(request, reply, { kind: 'link', link, action: action(request) }, 200);
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 404) return invalid(request, reply);
            throw error;
          }
        },
      );

      app.post(
        path,
        { schema: { params: recipientLinkTokenSchema }, attachValidation: true },
        async (request, reply) => {
          if (request.validationError) return invalid(request, reply);
          try {
            const message = await followRecipientLink(deps, request.params.token);
            return page.send(request, reply, { kind: 'link-done', message }, 200);
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 404) return invalid(request, reply);
            throw error;
          }
        },
      );
    }

    app.post(VERIFY_PAGE_PATH, { schema: { body: verifyForm }, attachValidation: true }, async (request, reply) => {
      if (request.validationError)
        return page.send(request, reply, { kind: 'verify', error: VERIFY_MESSAGES.malformed }, 400);
      const code = request.body[VERIFY_CODE_FIELD];
      try {
        const result = await verifyGiftCode(deps, code, request.ip);
        return page.send(request, reply, { kind: 'verify', code, result }, 200);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        reply.headers(error.headers);
        return page.send(request, reply, { kind: 'verify', code, error: error.message }, error.statusCode);
      }
    });
  };
