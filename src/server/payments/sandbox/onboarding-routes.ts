// Sandbox onboarding. The recipient picks the outcome the provider would reach; the sandbox then emits
// payout_account_updated to the app as a signed webhook (events-out.ts; the app pays out waiting gifts right away
// when verified), and returns to the claim page. The first submission also records the owner's phone (where the
// sandbox "texts" sign-in codes, decision 021) and the bank account's last 4 digits; made-up test values are filled in.
import { randomInt } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxAppDeps } from './events-out.js';
import { getSandboxAccount, type SandboxAccountStatus } from './connect.js';
import { setSandboxAccountStatus } from './account-status.js';
import { escapeHtml, sendFormPage } from './page.js';

const OUTCOMES: Array<{ value: SandboxAccountStatus; label: string }> = [
  { value: 'verified', label: 'Verified' },
  { value: 'needs_info', label: 'Needs more information' },
  { value: 'pending', label: 'Verification pending' },
];

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
/** A made-up US test number in the 555-01xx range reserved for fiction. */
const madeUpPhone = () => `55501${digits(5)}`;
const madeUpAccountNumber = () => `000${digits(9)}`;

const submitSchema = z.object({
  outcome: z.enum(['verified', 'needs_info', 'pending'], { error: 'Choose an outcome' }),
  return_url: z.string().min(1),
  phone: z
    .string()
    .transform((v) => v.replace(/[\s()+.-]/g, ''))
    .pipe(z.string().regex(/^\d{10,15}$/, 'Enter a phone number of 10 to 15 digits'))
    .optional(),
  account_number: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'Enter an account number of 4 to 17 digits')
    .optional(),
});

/** Sandbox account ids are letters, digits, _ and - (acct_sb_…); anything else names no account. */
export const accountParams = z.object({ accountId: z.string().regex(/^[\w-]{1,100}$/) });
const querystring = z.object({ return_url: z.string().max(2048).optional() });

export const sandboxOnboardingRoutes =
  (deps: SandboxAppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = { db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl };
    // Only our own pages are valid return targets: the sandbox is not an open redirect.
    const safeReturn = (url: unknown) =>
      typeof url === 'string' && url.startsWith(`${deps.config.publicUrl}/`) ? url : `${deps.config.publicUrl}/`;
    const missing = (reply: FastifyReply) =>
      sendFormPage(
        reply,
        404,
        'Account not found',
        '<h1>Account not found</h1><p>This sandbox account does not exist.</p>',
      );

    // HTML pages: a malformed account id gets the page's own "not found" notice (attachValidation), not JSON.
    app.get(
      '/sandbox/onboarding/:accountId',
      { schema: { params: accountParams, querystring }, attachValidation: true },
      async (request, reply) => {
        // Params are checked first: a failure there names no account; a bad return_url just falls back to the home page.
        const badParams = request.validationError?.validationContext === 'params';
        const account = badParams ? null : await getSandboxAccount(ctx, request.params.accountId);
        if (!account) return missing(reply);
        const returnUrl = request.validationError ? undefined : request.query.return_url;
        const field = (id: string, label: string, value: string, extra = '') =>
          `<label for="${id}">${label}</label><input id="${id}" name="${id}" value="${escapeHtml(value)}" ${extra}>`;
        // Once given, the owner's phone and bank stay: a later submission (more information) only updates the checks.
        const owner = account.phone
          ? `<p class="muted">Signed-in details stay as given: bank account ending in ${escapeHtml(account.payoutLast4 ?? '')}.</p>`
          : `${field('phone', 'Mobile phone (sign-in codes are texted here)', madeUpPhone(), 'autocomplete="tel" inputmode="tel"')}
${field('routing_number', 'Routing number', '110000000', 'inputmode="numeric"')}
${field('account_number', 'Account number', madeUpAccountNumber(), 'inputmode="numeric"')}`;
        return sendFormPage(
          reply,
          200,
          'Verify your identity',
          `<h1>Verify your identity to get paid</h1>
<p class="muted">Payout account for ${escapeHtml(account.email)}. Test details are filled in for you.</p>
<form method="post" action="/sandbox/onboarding/${encodeURIComponent(account.id)}">
<input type="hidden" name="return_url" value="${escapeHtml(safeReturn(returnUrl))}">
${field('first_name', 'Legal first name', 'Jenny', 'autocomplete="given-name"')}
${field('last_name', 'Legal last name', 'Rosen', 'autocomplete="family-name"')}
${field('dob', 'Date of birth', '1990-01-01', 'type="date"')}
${field('ssn_last_4', 'Last 4 digits of SSN', '0000', 'inputmode="numeric"')}
${owner}
<label for="outcome">Outcome</label>
<select id="outcome" name="outcome">${OUTCOMES.map((o) => `<option value="${o.value}">${o.label}</option>`).join('')}</select>
<p class="muted">The outcome decides what the provider's checks conclude.</p>
<button type="submit">Submit</button>
</form>`,
        );
      },
    );

    app.post(
      '/sandbox/onboarding/:accountId',
      { schema: { params: accountParams }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError) return missing(reply);
        const parsed = submitSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          return sendFormPage(
            reply,
            400,
            'Check the form',
            `<h1>Check the form</h1><p class="error">${escapeHtml(parsed.error.issues[0]!.message)}</p>`,
          );
        }
        const { outcome, phone, account_number: accountNumber } = parsed.data;
        // A form without them (a script posting only the outcome) gets made-up details, as the page would fill in.
        const details = {
          phone: phone ?? madeUpPhone(),
          payoutLast4: (accountNumber ?? madeUpAccountNumber()).slice(-4),
        };
        if (!(await setSandboxAccountStatus(deps, request.params.accountId, outcome, details))) return missing(reply);
        return reply.redirect(safeReturn(parsed.data.return_url), 303);
      },
    );
  };
