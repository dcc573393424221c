// The sandbox's hosted checkout page: line items, "Email", "Name on card", "Card number", "Pay …",
// "Cancel". Paying marks the sandbox checkout complete and sends the app a signed checkout_paid webhook, taken
// through the same ingest as Stripe's, then 303s to /success. A checkout that asks the card's own authentication
// (a large gift, decision 024) shows the bank's 3-D Secure step first: "Complete authentication" pays, "Fail
// authentication" fails the payment as a declined card does (a payment_failed event, counted against card testing).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxAppDeps } from './events-out.js';
import { formatUsd } from '../../../shared/money.js';
import { escapeHtml, sandboxPage } from './page.js';
import { findCheckout, type SandboxCheckoutDetails } from './checkout.js';
import { completeCheckout, declineCheckout, expireCheckout, type CheckoutRow } from './checkout-completion.js';

export const SUCCESS_CARD = '4242424242424242';
export const DECLINE_CARD = '4000000000000002';

const DECLINED = 'Your card was declined.';
/** Stripe Checkout's words when the cardholder fails 3-D Secure. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

interface FormValues {
  email: string;
  name: string;
  card: string;
}

/** Sandbox ids are letters, digits, _ and - (cs_sandbox_…); anything else names no checkout. */
const params = z.object({ id: z.string().regex(/^[\w-]{1,100}$/) });
const form = z.object({
  email: z.string().trim().max(254).default(''),
  name: z.string().trim().max(200).default(''),
  card: z.string().max(40).default(''),
});
/** The 3-D Secure step's outcome, posted with the card form's values (hidden fields). */
const authenticationForm = z.object({ authentication: z.enum(['pass', 'fail']).optional().catch(undefined) });

export const sandboxCheckoutRoutes =
  (deps: SandboxAppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // An HTML page: a malformed id is answered with the page's own "not found" notice (attachValidation), not JSON.
    const route = { schema: { params }, attachValidation: true };
    app.get('/sandbox/checkout/:id', route, async (request, reply) => {
      const checkout = await openCheckout(deps, request.validationError ? null : request.params.id);
      if (!checkout.ok) return sendPage(reply, checkout.status, checkout.title, checkout.html);
      const row = checkout.row;
      return sendPage(
        reply,
        200,
        'Checkout',
        checkoutHtml(row, { email: row.customerEmail ?? '', name: '', card: '4242 4242 4242 4242' }),
      );
    });

    app.post('/sandbox/checkout/:id', route, async (request, reply) => {
      const checkout = await openCheckout(deps, request.validationError ? null : request.params.id);
      if (!checkout.ok) {
        if (checkout.alreadyPaid) return reply.redirect(checkout.alreadyPaid, 303);
        return sendPage(reply, checkout.status, checkout.title, checkout.html);
      }
      const row = checkout.row;
      const parsed = form.safeParse(request.body ?? {});
      const values = parsed.success ? parsed.data : { email: '', name: '', card: '' };
      const problem = formProblem(values);
      if (problem === DECLINED) await declineCheckout(deps, row, values);
      if (problem)
        return sendPage(reply, problem === DECLINED ? 402 : 400, 'Checkout', checkoutHtml(row, values, problem));
      if ((row.lines as SandboxCheckoutDetails).cardAuthentication) {
        const { authentication } = authenticationForm.parse(request.body ?? {});
        if (!authentication) return sendPage(reply, 200, 'Authenticate your payment', authenticationHtml(row, values));
        if (authentication === 'fail') {
          await declineCheckout(deps, row, values);
          return sendPage(reply, 402, 'Checkout', checkoutHtml(row, values, AUTHENTICATION_FAILED));
        }
      }
      await completeCheckout(deps, row, values);
      return reply.redirect(row.successUrl, 303);
    });
  };

type OpenResult =
  { ok: true; row: CheckoutRow } | { ok: false; status: number; title: string; html: string; alreadyPaid?: string };

async function openCheckout(deps: SandboxAppDeps, id: string | null): Promise<OpenResult> {
  const row = id === null ? null : await findCheckout(deps, id);
  if (!row) return notice(404, 'Checkout not found', 'This checkout link is not valid.');
  if (row.status === 'complete') {
    return {
      ...notice(409, 'Already paid', 'This checkout is already paid.', row.successUrl, 'Continue'),
      alreadyPaid: row.successUrl,
    };
  }
  if (row.status === 'expired' || row.expiresAt <= deps.clock.now()) {
    await expireCheckout(deps, row);
    return notice(
      410,
      'Checkout expired',
      'This checkout has expired. Go back and start the payment again.',
      row.cancelUrl,
      'Back to your gift',
    );
  }
  return { ok: true, row };
}

function notice(
  status: number,
  title: string,
  text: string,
  link?: string,
  linkText?: string,
): Extract<OpenResult, { ok: false }> {
  const a = link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText ?? 'Back')}</a></p>` : '';
  return { ok: false, status, title, html: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${a}` };
}

function sendPage(reply: FastifyReply, status: number, title: string, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(sandboxPage(title, html));
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function formProblem(values: FormValues): string | null {
  if (!z.email().safeParse(values.email).success) return 'Please enter a valid email address.';
  if (!values.name) return 'Please enter the name on the card.';
  const digits = values.card.replace(/[\s-]/g, '');
  if (digits === DECLINE_CARD) return DECLINED;
  if (!/^\d{16}$/.test(digits) || !luhnValid(digits)) return 'Your card number is invalid.';
  return null;
}

/** The card's bank's 3-D Secure step, as the sandbox plays it: the cardholder completes or fails it. */
function authenticationHtml(row: CheckoutRow, values: FormValues): string {
  const hidden = (Object.keys(values) as Array<keyof FormValues>)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(values[name])}">`)
    .join('');
  return `<h1>Confirm this payment</h1>
<p>Your card's bank asks you to confirm the payment of ${formatUsd(row.totalCents)} to Hushgift (3-D Secure).</p>
<p class="muted">Sandbox: choose how the authentication ends.</p>
<form method="post" action="/sandbox/checkout/${encodeURIComponent(row.id)}">${hidden}
<button type="submit" name="authentication" value="pass">Complete authentication</button>
<button type="submit" name="authentication" value="fail">Fail authentication</button>
</form>`;
}

function checkoutHtml(row: CheckoutRow, values: FormValues, error?: string): string {
  const details = row.lines as SandboxCheckoutDetails;
  const lines = details.items
    .map((l) => `<tr><td>${escapeHtml(l.name)}</td><td>${formatUsd(l.amountCents)}</td></tr>`)
    .join('');
  const err = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const input = (id: keyof FormValues, label: string, type: string, autocomplete: string, extra = '') =>
    `<label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required value="${escapeHtml(values[id])}"${extra}>`;
  return `<h1>Pay Hushgift</h1>
<table aria-label="Order summary">${lines}<tr class="total"><td>Total</td><td>${formatUsd(row.totalCents)}</td></tr></table>
${err}
<form method="post" action="/sandbox/checkout/${encodeURIComponent(row.id)}" novalidate>
${input('email', 'Email', 'email', 'email')}
${input('name', 'Name on card', 'text', 'cc-name')}
${input('card', 'Card number', 'text', 'cc-number', ' inputmode="numeric"')}
<p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9235 pays at elevated risk; 4100 0000 0000 0019 pays at highest risk.</p>
<button type="submit">Pay ${formatUsd(row.totalCents)}</button>
</form>
<p><a href="${escapeHtml(row.cancelUrl)}">Cancel</a></p>`;
}
