// /sandbox/console (decision 014, issue 13 point 5): the operator plays the provider's side. Served only with
// the sandbox provider and never in production (payments/sandbox/routes.ts). Plain HTML forms posting back here
// (the site's CSRF check applies to them), then 303 back to the page, which says what was done.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxAppDeps } from './events-out.js';
import { sandboxPage } from './page.js';
import { consoleHtml } from './console-page.js';
import {
  ConsoleRefusal,
  closeDispute,
  disconnectAccount,
  openDispute,
  rateCheckout,
  refundPayment,
  reverseTransfer,
  warnOfFraud,
} from './console-actions.js';
import { MAX_OUTAGE_MINUTES, failNextMovement, startOutage } from './faults.js';

const id = z.string().regex(/^[\w-]{1,100}$/, 'Not a sandbox id');

/** An action: its form's fields, what it does, and what the page says after it. */
interface ConsoleAction {
  /** The action ready to run, or why the form cannot be taken. */
  take(body: unknown): { run: (deps: SandboxAppDeps) => Promise<unknown> } | { problem: string };
  done: string;
}

function consoleAction<T>(body: z.ZodType<T>, run: (deps: SandboxAppDeps, b: T) => Promise<unknown>, done: string) {
  return {
    done,
    take(raw: unknown) {
      const parsed = body.safeParse(raw ?? {});
      return parsed.success
        ? { run: (deps: SandboxAppDeps) => run(deps, parsed.data) }
        : { problem: parsed.error.issues[0]!.message };
    },
  } satisfies ConsoleAction;
}

const ACTIONS = {
  refund: consoleAction(
    z.object({ payment: id }),
    (deps, b) => refundPayment(deps, b.payment),
    'Refunded. Hushgift was told of a refund made in the provider’s dashboard.',
  ),
  'open-dispute': consoleAction(
    z.object({ payment: id }),
    (deps, b) => openDispute(deps, b.payment),
    'Dispute opened. Hushgift was told.',
  ),
  'close-dispute': consoleAction(
    z.object({ dispute: id, outcome: z.enum(['won', 'lost']) }),
    (deps, b) => closeDispute(deps, b.dispute, b.outcome),
    'Dispute closed. Hushgift was told.',
  ),
  'reverse-transfer': consoleAction(
    z.object({ transfer: id }),
    (deps, b) => reverseTransfer(deps, b.transfer),
    'Transfer reversed. Hushgift was told.',
  ),
  'disconnect-account': consoleAction(
    z.object({ account: id }),
    (deps, b) => disconnectAccount(deps, b.account),
    'Account disconnected. Hushgift was told.',
  ),
  'rate-checkout': consoleAction(
    z.object({ checkout: id, level: z.enum(['elevated', 'highest'], { error: 'Choose elevated or highest' }) }),
    (deps, b) => rateCheckout(deps, b.checkout, b.level),
    'Rated: the checkout’s payment will carry this risk level.',
  ),
  'fraud-warning': consoleAction(
    z.object({ payment: id }),
    (deps, b) => warnOfFraud(deps, b.payment),
    'Early fraud warning sent. Hushgift was told.',
  ),
  'fail-for': consoleAction(
    z.object({
      minutes: z.coerce
        .number({ error: 'N must be a number of minutes' })
        .int('N must be a whole number of minutes')
        .min(0, 'N must be 0 or more')
        .max(MAX_OUTAGE_MINUTES, `N must be at most ${MAX_OUTAGE_MINUTES} minutes`),
    }),
    (deps, b) => startOutage(deps, b.minutes),
    'Outage set: money calls answer a retryable error until it ends.',
  ),
  'fail-next': consoleAction(
    z.object({ gift: id }),
    (deps, b) => failNextMovement(deps, b.gift),
    'The gift’s next transfer or refund will be refused.',
  ),
} satisfies Record<string, ConsoleAction>;
type ActionName = keyof typeof ACTIONS;
const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

export const sandboxConsoleRoutes =
  (deps: SandboxAppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // "same-origin": the page's own form posts carry their origin (see onboarding-routes.ts).
    const page = async (reply: FastifyReply, status: number, notice?: { text: string; problem: boolean }) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .send(sandboxPage('Sandbox console', await consoleHtml(deps, notice), { wide: true }));

    app.get(
      '/sandbox/console',
      { schema: { querystring: z.object({ done: z.enum(ACTION_NAMES).optional() }) }, attachValidation: true },
      async (request, reply) => {
        const done = request.validationError ? undefined : request.query.done;
        return page(reply, 200, done ? { text: ACTIONS[done].done, problem: false } : undefined);
      },
    );

    for (const name of ACTION_NAMES) {
      const action: ConsoleAction = ACTIONS[name];
      app.post(`/sandbox/console/${name}`, async (request, reply) => {
        const taken = action.take(request.body);
        if ('problem' in taken) return page(reply, 400, { text: taken.problem, problem: true });
        try {
          await taken.run(deps);
        } catch (error) {
          if (error instanceof ConsoleRefusal) return page(reply, 409, { text: error.message, problem: true });
          throw error;
        }
        return reply.redirect(`/sandbox/console?done=${name}`, 303);
      });
    }
  };
