// Sandbox onboarding and express dashboard pages. The recipient picks the outcome the provider
// would reach; the sandbox then sends payout_account_updated to the app as a signed webhook (events-out.ts; the
// app pays out waiting gifts right away when the account is verified), and returns to the claim page.
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxAccounts, sandboxTransfers } from '../../db/schema.js';
import { sendSandboxEvent, type SandboxAppDeps } from './events-out.js';
import { formatUsd } from '../../../shared/money.js';
import { getSandboxAccount, sandboxAccountState, type SandboxAccountStatus } from './connect.js';
import { escapeHtml, sandboxPage } from './page.js';

const OUTCOMES: Array<{ value: SandboxAccountStatus; label: string }> = [
  { value: 'verified', label: 'Verified' },
  { value: 'needs_info', label: 'Needs more information' },
  { value: 'pending', label: 'Verification pending' },
];

const STATUS_LABEL: Record<string, string> = {
  new: 'Onboarding not started',
  verified: 'Verified: payouts enabled',
  needs_info: 'More information needed',
  pending: 'Verification pending',
};

const submitSchema = z.object({
  outcome: z.enum(['verified', 'needs_info', 'pending'], { error: 'Choose an outcome' }),
  return_url: z.string().min(1),
});

/** Sandbox account ids are letters, digits, _ and - (acct_sb_…); anything else names no account. */
const params = z.object({ accountId: z.string().regex(/^[\w-]{1,100}$/) });
const querystring = z.object({ return_url: z.string().max(2048).optional() });

export const sandboxOnboardingRoutes =
  (deps: SandboxAppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = { db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl };
    // Only our own pages are valid return targets: the sandbox is not an open redirect.
    const safeReturn = (url: unknown) =>
      typeof url === 'string' && url.startsWith(`${deps.config.publicUrl}/`) ? url : `${deps.config.publicUrl}/`;

    // Under the site-wide "no-referrer" policy a browser sends "Origin: null" with a form POST, which the CSRF
    // check must refuse; "same-origin" lets these pages' own forms carry their real origin (and no referrer leaves the site).
    const page = (reply: FastifyReply, status: number, title: string, body: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .send(sandboxPage(title, body));
    const missing = (reply: FastifyReply) =>
      page(reply, 404, 'Account not found', '<h1>Account not found</h1><p>This sandbox account does not exist.</p>');

    /** Sets the account's state and tells the app (account.updated), which pays out its waiting gifts when verified. */
    const setStatus = async (accountId: string, status: SandboxAccountStatus) => {
      const [row] = await deps.db
        .update(sandboxAccounts)
        .set({ status, updatedAt: deps.clock.now() })
        .where(eq(sandboxAccounts.id, accountId))
        .returning();
      if (!row) return false;
      await sendSandboxEvent(deps, {
        id: `evt_sb_${randomBytes(12).toString('hex')}`,
        kind: 'payout_account_updated',
        account: sandboxAccountState(row),
      });
      return true;
    };

    // HTML pages: a malformed account id gets the page's own "not found" notice (attachValidation), not JSON.
    app.get(
      '/sandbox/onboarding/:accountId',
      { schema: { params, querystring }, attachValidation: true },
      async (request, reply) => {
        // Params are checked first: a failure there names no account; a bad return_url just falls back to the home page.
        const badParams = request.validationError?.validationContext === 'params';
        const account = badParams ? null : await getSandboxAccount(ctx, request.params.accountId);
        if (!account) return missing(reply);
        const returnUrl = request.validationError ? undefined : request.query.return_url;
        const field = (id: string, label: string, value: string, extra = '') =>
          `<label for="${id}">${label}</label><input id="${id}" name="${id}" value="${escapeHtml(value)}" ${extra}>`;
        return page(
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
${field('routing_number', 'Routing number', '110000000', 'inputmode="numeric"')}
${field('account_number', 'Account number', '000123456789', 'inputmode="numeric"')}
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
      { schema: { params }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError) return missing(reply);
        const parsed = submitSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          return page(
            reply,
            400,
            'Check the form',
            `<h1>Check the form</h1><p class="error">${escapeHtml(parsed.error.issues[0]!.message)}</p>`,
          );
        }
        if (!(await setStatus(request.params.accountId, parsed.data.outcome))) return missing(reply);
        return reply.redirect(safeReturn(parsed.data.return_url), 303);
      },
    );

    app.get('/sandbox/dashboard/:accountId', { schema: { params }, attachValidation: true }, async (request, reply) => {
      const account = request.validationError ? null : await getSandboxAccount(ctx, request.params.accountId);
      if (!account) return missing(reply);
      const transfers = await deps.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.accountId, account.id))
        .orderBy(desc(sandboxTransfers.createdAt));
      const rows = transfers
        .map(
          (t) =>
            `<tr><td>${escapeHtml(t.createdAt.toISOString().slice(0, 10))} · ${escapeHtml(t.description ?? 'Transfer')}</td><td>${formatUsd(t.amountCents)}</td></tr>`,
        )
        .join('');
      const verify =
        account.status === 'verified'
          ? ''
          : `<form method="post" action="/sandbox/dashboard/${encodeURIComponent(account.id)}/verify">
<p class="muted">In the sandbox, you decide when the provider's checks finish.</p>
<button type="submit">Complete verification</button></form>`;
      return page(
        reply,
        200,
        'Express dashboard',
        `<h1>Express dashboard</h1>
<p>${escapeHtml(account.email)}</p>
<p><strong>Status:</strong> ${escapeHtml(STATUS_LABEL[account.status] ?? account.status)}</p>
<h2>Transfers</h2>
${rows ? `<table>${rows}</table>` : '<p class="muted">No transfers yet.</p>'}
${verify}`,
      );
    });

    app.post(
      '/sandbox/dashboard/:accountId/verify',
      { schema: { params }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError || !(await setStatus(request.params.accountId, 'verified'))) return missing(reply);
        return reply.redirect(`/sandbox/dashboard/${encodeURIComponent(request.params.accountId)}`, 303);
      },
    );
  };
