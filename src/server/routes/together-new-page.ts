// POST /together/new: the organiser's form posted by the browser itself (before the page's scripts arrived, or
// without them), form-encoded. Checked with the same shared schema and started by the same service (so the same
// per-client limit) as POST /api/together; the cross-site refusal is the one every POST gets (http/security.ts).
// Being a page, it answers a page: the two links (shown this once, never in an address), or the form again with
// what was typed and why the group was not started.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { TogetherNewPageDocument } from '../http/server-page-document.js';
import { admitGiftStart } from '../services/gifts/start-limit.js';
import { createGroupGift } from '../services/together/create-group.js';
import { readGroupForm, TOGETHER_NEW_PATH } from '../../shared/together-new-page.js';

/** A form-encoded body is a flat object of strings; its fields are checked by readGroupForm. */
const body = z.record(z.string(), z.unknown());

const UNSTARTED = 'We could not start the group gift. Please try again.';

export const togetherNewPageRoutes =
  (deps: AppDeps, page: TogetherNewPageDocument): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(TOGETHER_NEW_PATH, { schema: { body }, attachValidation: true }, async (request, reply) => {
      const form = readGroupForm(request.validationError ? {} : request.body);
      if (!form.ok) return page.send(request, reply, { kind: 'form', values: form.values, errors: form.errors }, 400);
      try {
        await admitGiftStart(deps, request.ip);
        const links = await createGroupGift(deps, form.data);
        return page.send(request, reply, { kind: 'started', links }, 200);
      } catch (error) {
        // Refused (the start limit) or failed: the form again with everything typed, so nothing is lost.
        const refused = error instanceof AppError;
        if (refused) reply.headers(error.headers);
        else request.log.error({ err: error }, 'together form failed');
        const view = {
          kind: 'form',
          values: form.values,
          errors: {},
          alert: refused ? error.message : UNSTARTED,
        } as const;
        return page.send(request, reply, view, refused ? error.statusCode : 500);
      }
    });
  };
