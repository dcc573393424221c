// The sandbox's owner pages (decision 021): the sign-in that asks for the code texted to the owner's phone, the
// phone itself (/sandbox/phone/<number>: where the sandbox shows the owner's texts), and the express dashboard,
// which opens only after that sign-in, as the provider's own login does. Nothing here names a gift's sender.
import { desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxTransfers } from '../../db/schema.js';
import type { SandboxAppDeps } from './events-out.js';
import { formatUsd } from '../../../shared/money.js';
import { getSandboxAccount } from './connect.js';
import { setSandboxAccountStatus } from './account-status.js';
import { accountParams } from './onboarding-routes.js';
import { escapeHtml, sendFormPage } from './page.js';
import {
  OWNER_COOKIE,
  SIGNED_IN_MS,
  checkCode,
  findSignIn,
  phoneMessages,
  signInUrl,
  signedInTo,
  startSignIn,
} from './owner-sign-in.js';
import { requestCookie } from '../../http/request-cookies.js';
import { setCookie } from '../../http/response-cookies.js';

const STATUS_LABEL: Record<string, string> = {
  new: 'Onboarding not started',
  verified: 'Verified: payouts enabled',
  needs_info: 'More information needed',
  pending: 'Verification pending',
};

const signInParams = z.object({ id: z.string().regex(/^[\w-]{1,100}$/) });
const phoneParams = z.object({ phone: z.string().regex(/^\d{10,15}$/) });
const codeForm = z.object({ code: z.string().max(20).default('') });

export const sandboxOwnerRoutes =
  (deps: SandboxAppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = { db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl };
    const notice = (reply: FastifyReply, status: number, title: string, text: string) =>
      sendFormPage(reply, status, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
    const ended = (reply: FastifyReply) =>
      notice(
        reply,
        410,
        'Sign-in link expired',
        'This sign-in link was used, has expired or had too many wrong codes. Go back and start again.',
      );
    const signInForm = (id: string, phone: string, error?: string) =>
      `<h1>Sign in to your payout account</h1>
<p>We texted a 6-digit code to the account owner's phone ending in ${escapeHtml(phone.slice(-2))}. Enter it to continue.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/sandbox/sign-in/${encodeURIComponent(id)}">
<label for="code">Code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Sign in</button>
</form>
<p class="muted">Not your account? Close this window and choose "Use a different account".</p>`;

    app.get(
      '/sandbox/sign-in/:id',
      { schema: { params: signInParams }, attachValidation: true },
      async (request, reply) => {
        const found = request.validationError ? null : await findSignIn(ctx, request.params.id);
        if (!found?.phone) return ended(reply);
        return sendFormPage(reply, 200, 'Sign in', signInForm(request.params.id, found.phone));
      },
    );

    app.post(
      '/sandbox/sign-in/:id',
      { schema: { params: signInParams }, attachValidation: true },
      async (request, reply) => {
        const found = request.validationError ? null : await findSignIn(ctx, request.params.id);
        if (!found?.phone) return ended(reply);
        const parsed = codeForm.safeParse(request.body ?? {});
        const result = await checkCode(ctx, request.params.id, parsed.success ? parsed.data.code : '');
        if (!result.ok) {
          if (result.attemptsLeft === 0) return ended(reply);
          const left = `${result.attemptsLeft} ${result.attemptsLeft === 1 ? 'try' : 'tries'} left`;
          return sendFormPage(
            reply,
            401,
            'Sign in',
            signInForm(request.params.id, found.phone, `That code is not right (${left}).`),
          );
        }
        // A claim's owner proof: back to the app, which alone knows what the return URL's nonce means.
        if (result.row.returnUrl) return reply.redirect(result.row.returnUrl, 303);
        setCookie(reply, OWNER_COOKIE, request.params.id, {
          path: '/sandbox/',
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.config.secureCookies,
          maxAge: SIGNED_IN_MS / 1000,
        });
        return reply.redirect(`/sandbox/dashboard/${encodeURIComponent(result.row.accountId)}`, 303);
      },
    );

    app.get(
      '/sandbox/phone/:phone',
      { schema: { params: phoneParams }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError)
          return notice(reply, 404, 'No such phone', 'Sandbox phone numbers are 10 to 15 digits.');
        const texts = (await phoneMessages(ctx, request.params.phone))
          .map(
            (m) =>
              `<tr><td>${escapeHtml(m.createdAt.toISOString().slice(11, 16))} UTC</td><td>Your payout account sign-in code is <strong>${escapeHtml(m.code)}</strong></td></tr>`,
          )
          .join('');
        return sendFormPage(
          reply,
          200,
          'Phone',
          `<h1>Text messages</h1><p class="muted">The sandbox's stand-in for the phone ${escapeHtml(request.params.phone)}.</p>
${texts ? `<table aria-label="Text messages">${texts}</table>` : '<p class="muted">No messages.</p>'}`,
        );
      },
    );

    /** The dashboard for its signed-in owner; anyone else is sent to a fresh sign-in (the owner's code). */
    const ownerOnly = async (accountId: string, cookie: string | undefined, reply: FastifyReply) => {
      const account = await getSandboxAccount(ctx, accountId);
      if (!account) {
        await notice(reply, 404, 'Account not found', 'This sandbox account does not exist.');
        return null;
      }
      if (await signedInTo(ctx, account.id, cookie)) return account;
      if (!account.phone) {
        await notice(reply, 409, 'Finish onboarding first', 'This payout account has no owner to sign in yet.');
        return null;
      }
      await reply.redirect(signInUrl('', await startSignIn(ctx, account.id, null)), 303);
      return null;
    };

    app.get(
      '/sandbox/dashboard/:accountId',
      { schema: { params: accountParams }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError)
          return notice(reply, 404, 'Account not found', 'This sandbox account does not exist.');
        const account = await ownerOnly(request.params.accountId, requestCookie(request, OWNER_COOKIE), reply);
        if (!account) return reply;
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
        return sendFormPage(
          reply,
          200,
          'Express dashboard',
          `<h1>Express dashboard</h1>
<p>${escapeHtml(account.email)}</p>
<p><strong>Status:</strong> ${escapeHtml(STATUS_LABEL[account.status] ?? account.status)}</p>
<p><strong>Payouts to:</strong> bank account ending in ${escapeHtml(account.payoutLast4 ?? '—')}</p>
<h2>Transfers</h2>
${rows ? `<table>${rows}</table>` : '<p class="muted">No transfers yet.</p>'}
${verify}`,
        );
      },
    );

    app.post(
      '/sandbox/dashboard/:accountId/verify',
      { schema: { params: accountParams }, attachValidation: true },
      async (request, reply) => {
        if (request.validationError)
          return notice(reply, 404, 'Account not found', 'This sandbox account does not exist.');
        const account = await ownerOnly(request.params.accountId, requestCookie(request, OWNER_COOKIE), reply);
        if (!account) return reply;
        await setSandboxAccountStatus(deps, account.id, 'verified');
        return reply.redirect(`/sandbox/dashboard/${encodeURIComponent(account.id)}`, 303);
      },
    );
  };
