// The share page /together/<token> rendered on the server (decision 026), so it works before and without scripts:
// - GET: the page with the same data as GET /api/together/:token (the recipient's first name, the message, the count
//   and the goal progress in 10% steps); the app hydrates it. A malformed token is left to the app (which also
//   serves /together/new here); an unknown one is "not found", 404.
// - POST /together/<token>/contribute: the page's form posted by the browser itself, form-encoded: checked with the
//   schema of POST /api/together/:token/contributions (the figures computed here from the amount and tip), under the
//   same per-client start limit and with the same donor session, started by the same service, answered 303 to the
//   hosted checkout. Otherwise the page again with what was typed and why (400 for the form's problems, the
//   refusal's status for a closed group or the start limit). The cross-site refusal is the one every POST gets
//   (http/security.ts). Nothing typed goes into an address.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { TogetherSharePageDocument } from '../http/server-page-document.js';
import { checkoutFormPolicy } from '../http/security-headers.js';
import { sessionCookie } from '../http/session-auth.js';
import { readSession } from '../services/sessions.js';
import { admitGiftStart } from '../services/gifts/start-limit.js';
import { contribute } from '../services/together/contribute.js';
import { sharePage } from '../services/together/pages.js';
import { togetherTokenParams, type SharePage } from '../../shared/schemas/together.js';
import {
  contributePath,
  readContributeForm,
  type ContributeFieldErrors,
  type ContributeFormValues,
} from '../../shared/together-share-page.js';

/** A form-encoded body is a flat object of strings; its fields are checked by readContributeForm. */
const body = z.record(z.string(), z.unknown());
const params = togetherTokenParams;

const UNOPENED = 'We could not open the checkout. Please try again.';

/** The group's share page, or null for a link that leads to none. */
async function pageOf(deps: AppDeps, token: string): Promise<SharePage | null> {
  try {
    return await sharePage(deps, token);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

export const togetherSharePageRoutes =
  (deps: AppDeps, document: TogetherSharePageDocument): FastifyPluginAsyncZod =>
  async (app) => {
    // Its form may be answered with a redirect to a real provider's hosted checkout.
    const policy = checkoutFormPolicy(deps.config.paymentProvider);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('content-security-policy', policy);
      done();
    });

    app.get('/together/:token', { schema: { params }, attachValidation: true }, async (request, reply) => {
      if (request.validationError) return reply.callNotFound();
      const { token } = request.params;
      const page = await pageOf(deps, token);
      return document.page.send(request, reply, { url: request.url, token, page }, page ? 200 : 404);
    });

    // The form's address opened as a page (reloading the answer): the share page.
    app.get(contributePath(':token'), { schema: { params }, attachValidation: true }, async (request, reply) =>
      request.validationError ? reply.callNotFound() : reply.redirect(`/together/${request.params.token}`, 303),
    );

    app.post(contributePath(':token'), { schema: { params, body }, attachValidation: true }, async (request, reply) => {
      const notFound = () => document.answer.send(request, reply, { kind: 'not-found' }, 404);
      if (request.validationError?.validationContext === 'params') return notFound();
      const { token } = request.params;
      const page = await pageOf(deps, token);
      if (!page) return notFound();
      const form = readContributeForm(request.validationError ? {} : request.body);
      const again = (values: ContributeFormValues, errors: ContributeFieldErrors, status: number, alert?: string) =>
        document.answer.send(request, reply, { kind: 'form', token, page, values, errors, alert }, status);
      if (!form.ok) return again(form.values, form.errors, 400);
      try {
        await admitGiftStart(deps, request.ip);
        const donor = await readSession(deps.db, deps.clock, 'donor', sessionCookie(request, 'donor'));
        const { checkoutUrl } = await contribute(deps, token, form.data, donor?.subjectId ?? null, request.ip);
        return reply.redirect(checkoutUrl, 303);
      } catch (error) {
        // Refused (closed meanwhile, the start limit) or failed: the form again with what was typed.
        return refused(request, reply, error, (status, alert) => again(form.values, {}, status, alert));
      }
    });
  };

function refused(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  again: (status: number, alert: string) => FastifyReply,
): FastifyReply {
  if (!(error instanceof AppError)) {
    request.log.error({ err: error }, 'contribution form failed');
    return again(500, UNOPENED);
  }
  reply.headers(error.headers);
  return again(error.statusCode, error.message);
}
