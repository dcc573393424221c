// Every API route, on the real app, answers what its contract declares: each answer below (happy paths and
// refusals) must use a declared status code and parse with that status's schema to exactly the body sent. The
// last test proves every /api route was exercised both ways. A probe route shows that a field no schema declares
// never leaves the server, and that an answer breaking its schema is a logged 500 that reveals nothing.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../src/server/http/contracts.js';
import { SERVER_ERROR_MESSAGE } from '../../src/server/http/errors.js';
import { issueDonorSignInLink } from '../../src/server/services/donors/sign-in-link.js';
import { ADMIN, adminCookie, passwordStep, setupAdmin, totpAt } from '../helpers/admin.js';
import {
  claimSessionCookie,
  claimStep,
  claimableGift,
  codeOnPhone,
  complete,
  enterSignInCode,
  ownerPhone,
  setAccountStatus,
  startClaim,
  submitOnboarding,
} from '../helpers/claims.js';
import { paidGift } from '../helpers/gift-page.js';
import { DAY } from '../../src/server/clock.js';
import { donorGift, latestSignInToken, seedDonor, signInDonor } from '../helpers/donors.js';
import {
  checkoutEvent,
  createPendingGift,
  giftPayload,
  sandboxWithStripeWebhooks,
  stripeSignature,
} from '../helpers/gift-payload.js';
import { expectDeclaredAnswer } from '../helpers/route-contracts.js';
import { frozenGift, givenGift, mismatchedGift } from '../helpers/gifts.js';
import { heldGift } from '../helpers/risk.js';
import { ProviderError } from '../../src/server/payments/provider.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { groupPayload } from '../helpers/together.js';
import { wireFigures } from '../../src/shared/money.js';

/** Routes that take no input and need no session: nothing a caller sends can be refused. */
const NO_REFUSAL = new Set(['GET /api/admin/setup-needed']);

describeEachEngine(
  'route contracts on the real app',
  (ctx) => {
    const checked = new Map<string, Set<'ok' | 'refused'>>();

    /** app.inject, then the answer is checked against its route's declared schema and recorded as covered. */
    async function call(options: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
      const res = await ctx().app.inject(options);
      const route = expectDeclaredAnswer(ctx().app, options.method, options.url, res);
      const kinds = checked.get(route) ?? new Set();
      kinds.add(res.statusCode < 400 ? 'ok' : 'refused');
      checked.set(route, kinds);
      return res;
    }

    it('health', async () => {
      expect((await call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await call({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      const { database } = ctx().deps;
      const ping = database.ping;
      database.ping = async () => false;
      try {
        expect((await call({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'unavailable' });
        expect((await call({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ status: 'not_ready' });
      } finally {
        database.ping = ping;
      }
    });

    it('gifts and the provider webhook', async () => {
      expect((await call({ method: 'POST', url: '/api/gifts', payload: giftPayload() })).statusCode).toBe(201);
      const bad = await call({ method: 'POST', url: '/api/gifts', payload: { ...giftPayload(), amount: 'lots' } });
      expect(bad.statusCode).toBe(400);
      const preview = { amount: '25', recipientFirstName: 'Rita', personalNote: 'Hi', securityQuestion: 'Pet?' };
      expect((await call({ method: 'POST', url: '/api/gifts/preview', payload: preview })).statusCode).toBe(200);
      const badPreview = { ...preview, recipientEmail: 'rita@example.com' };
      expect((await call({ method: 'POST', url: '/api/gifts/preview', payload: badPreview })).statusCode).toBe(400);

      const event = JSON.stringify(checkoutEvent(await createPendingGift(ctx())));
      const webhook = (signature: string) => ({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: event,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect((await call(webhook(stripeSignature(event)))).json()).toEqual({ received: true, duplicate: false });
      expect((await call(webhook(stripeSignature(event)))).json()).toEqual({ received: true, duplicate: true });
      expect((await call(webhook('v1=forged'))).statusCode).toBe(400);
    });

    it('claims', async () => {
      const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Rex' });
      const malformed = 'not-a-token';
      const claimUrl = `/api/gifts/claim/${claimToken}`;
      expect((await call({ method: 'GET', url: claimUrl })).statusCode).toBe(200);
      expect((await call({ method: 'GET', url: `/api/gifts/claim/${malformed}` })).statusCode).toBe(404);
      expect((await call({ method: 'POST', url: claimUrl, payload: { securityAnswer: 'Wrong' } })).statusCode).toBe(
        400,
      );
      expect(
        (await call({ method: 'POST', url: claimUrl, payload: { securityAnswer: 'Rex', extra: 1 } })).statusCode,
      ).toBe(400);
      const account = await startClaim(ctx(), claimToken, 'Rex');
      expect((await call({ method: 'POST', url: claimUrl, payload: { securityAnswer: 'Rex' } })).statusCode).toBe(200);
      // The steps after the answer, in the claim session it opened, and refused without it.
      const headers = { cookie: claimSessionCookie(ctx(), claimToken)! };
      expect((await call({ method: 'GET', url: `${claimUrl}/complete`, headers })).statusCode).toBe(200);
      expect((await call({ method: 'GET', url: `${claimUrl}/complete` })).statusCode).toBe(404);
      expect((await call({ method: 'GET', url: `/api/gifts/claim/${malformed}/complete` })).statusCode).toBe(404);
      const onboarding = await call({ method: 'GET', url: `${claimUrl}/onboarding`, headers });
      expect(onboarding.statusCode).toBe(303);
      expect(onboarding.headers.location).toContain(`/sandbox/onboarding/${account}`);
      expect((await call({ method: 'GET', url: `/api/gifts/claim/${malformed}/onboarding` })).statusCode).toBe(404);
      const status = `/api/gifts/${gift.publicId}/status`;
      expect((await call({ method: 'GET', url: status, headers })).json().stripeAccount).toBeDefined();
      expect((await call({ method: 'GET', url: status })).json()).toEqual({ status: 'paid' });
      expect((await call({ method: 'GET', url: '/api/gifts/g_short/status' })).statusCode).toBe(404);
      // The dashboard exists once the account has its owner (onboarding submitted).
      await submitOnboarding(ctx(), account, 'pending', `http://localhost:3000/claim/${claimToken}?return=true`);
      const dashboard = `/api/gifts/${gift.publicId}/dashboard-login`;
      expect((await call({ method: 'GET', url: dashboard, headers })).statusCode).toBe(200);
      expect((await call({ method: 'GET', url: dashboard })).statusCode).toBe(404);

      // A second gift to the address: its answer leads to the owner's sign-in; the provider's return binds it once.
      const origin = 'http://localhost:3000';
      const again = await claimableGift(ctx(), { recipientEmail: gift.recipientEmail!, securityAnswer: 'Rex' });
      const step = await claimStep(ctx(), again.claimToken, 'Rex');
      const code = await codeOnPhone(ctx(), await ownerPhone(ctx(), account));
      const back = new URL(String((await enterSignInCode(ctx(), step.accountLinkUrl, code)).headers.location));
      const againHeaders = { cookie: claimSessionCookie(ctx(), again.claimToken)! };
      const proof = { method: 'GET', url: back.pathname + back.search, headers: againHeaders };
      expect((await call(proof)).statusCode).toBe(303);
      expect((await call(proof)).statusCode).toBe(400);
      // "Use a different account", in the session and refused without it.
      const newAccount = `/api/gifts/claim/${again.claimToken}/new-account`;
      const different = await call({ method: 'POST', url: newAccount, headers: { ...againHeaders, origin } });
      expect(different.statusCode).toBe(303);
      expect((await call({ method: 'POST', url: newAccount, headers: { origin } })).statusCode).toBe(404);
    });

    it('admin', async () => {
      expect((await call({ method: 'GET', url: '/api/admin/setup-needed' })).statusCode).toBe(200);
      expect(
        (await call({ method: 'POST', url: '/api/admin/setup', payload: { email: ADMIN.email } })).statusCode,
      ).toBe(400);
      expect((await call({ method: 'POST', url: '/api/admin/setup', payload: ADMIN })).statusCode).toBe(201);
      expect((await call({ method: 'POST', url: '/api/admin/setup', payload: ADMIN })).statusCode).toBe(403);
      const login = await call({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(login.json().admin).toEqual({ email: ADMIN.email, firstName: ADMIN.firstName, lastName: ADMIN.lastName });
      expect(
        (await call({ method: 'POST', url: '/api/admin/login', payload: { email: ADMIN.email, password: 'nope' } }))
          .statusCode,
      ).toBe(401);
      const headers = { cookie: await adminCookie(ctx()) };
      const { gift } = await givenGift(ctx());
      for (const url of [
        '/api/admin/stats',
        '/api/admin/gifts/recent',
        '/api/admin/gifts/search?q=rita&status=paid&page=1',
        '/api/admin/money',
        '/api/admin/attention',
        '/api/admin/risk/reviews',
        '/api/admin/risk/rules',
      ]) {
        expect((await call({ method: 'GET', url, headers })).statusCode).toBe(200);
        expect((await call({ method: 'GET', url })).statusCode).toBe(401);
      }
      expect((await call({ method: 'GET', url: '/api/admin/gifts/recent', headers })).json().length).toBeGreaterThan(0);
      expect((await call({ method: 'GET', url: '/api/admin/gifts/search?page=0', headers })).statusCode).toBe(400);
      expect(
        (await call({ method: 'POST', url: `/api/admin/gifts/${gift.id}/resend-email`, headers })).statusCode,
      ).toBe(200);
      expect((await call({ method: 'POST', url: '/api/admin/gifts/abc/resend-email', headers })).statusCode).toBe(400);
      expect((await call({ method: 'POST', url: '/api/admin/gifts/999999/resend-email', headers })).statusCode).toBe(
        404,
      );
      const { gift: frozen } = await frozenGift(ctx());
      headers.cookie = await adminCookie(ctx()); // a day passed while it froze
      const unfreeze = `/api/admin/gifts/${frozen.id}/unfreeze-claim`;
      expect((await call({ method: 'POST', url: unfreeze, headers })).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: unfreeze, headers })).statusCode).toBe(409);
      expect((await call({ method: 'POST', url: '/api/admin/gifts/999999/unfreeze-claim', headers })).statusCode).toBe(
        404,
      );
      expect((await call({ method: 'POST', url: unfreeze })).statusCode).toBe(401);
      // The attention list's actions: a flagged gift resolved, then refunded; a waiting refund retried.
      const flagged = await mismatchedGift(ctx(), 5000);
      const action = (id: number, name: string) =>
        call({ method: 'POST', url: `/api/admin/gifts/${id}/${name}`, headers });
      expect((await action(flagged.id, 'resolve-attention')).statusCode).toBe(200);
      expect((await action(flagged.id, 'resolve-attention')).statusCode).toBe(409);
      expect((await action(flagged.id, 'retry-movement')).statusCode).toBe(409);
      const payments = ctx().deps.payments;
      const createRefund = payments.createRefund;
      payments.createRefund = async () => {
        throw new ProviderError('503 Service Unavailable', true);
      };
      try {
        expect((await action(flagged.id, 'refund-sender')).statusCode).toBe(200);
      } finally {
        payments.createRefund = createRefund;
      }
      expect((await action(flagged.id, 'refund-sender')).statusCode).toBe(409);
      expect((await action(flagged.id, 'retry-movement')).json()).toMatchObject({ outcome: 'succeeded' });
      expect((await action(999_999, 'refund-sender')).statusCode).toBe(404);
      // The Review queue's decisions (decision 024): one held gift approved, another rejected.
      const review = (id: number, decision: string) =>
        call({ method: 'POST', url: `/api/admin/risk/reviews/${id}/${decision}`, headers });
      const approved = (await heldGift(ctx())).gift.id;
      const rejected = (await heldGift(ctx())).gift.id;
      expect((await review(approved, 'approve')).statusCode).toBe(200);
      expect((await review(approved, 'reject')).statusCode).toBe(409);
      expect((await review(rejected, 'reject')).statusCode).toBe(200);
      expect((await review(rejected, 'approve')).statusCode).toBe(409);
      // Blocks (decision 024): an address and a gift's payer blocked, listed, and removed again (the payer's client
      // address is the test client's: left blocked, it would refund the gifts of the tests below).
      const blocks = '/api/admin/risk/blocks';
      const block = (path: string, payload?: object) =>
        call({ method: 'POST', url: `${blocks}/${path}`, headers, payload });
      expect((await block('recipient', { email: 'blocked.contract@example.com' })).statusCode).toBe(200);
      expect((await block('recipient', { email: 'nope' })).statusCode).toBe(400);
      expect((await block(`payer/${rejected}`)).statusCode).toBe(200);
      expect((await block('payer/999999')).statusCode).toBe(404);
      const listed = await call({ method: 'GET', url: blocks, headers });
      expect(listed.statusCode).toBe(200);
      expect((await call({ method: 'GET', url: blocks })).statusCode).toBe(401);
      for (const { id } of listed.json().blocks as Array<{ id: number }>)
        expect((await call({ method: 'DELETE', url: `${blocks}/${id}`, headers })).statusCode).toBe(200);
      expect((await call({ method: 'DELETE', url: `${blocks}/abc`, headers })).statusCode).toBe(400);
      expect((await call({ method: 'POST', url: '/api/admin/process-expired', headers })).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: '/api/admin/process-expired' })).statusCode).toBe(401);
      // Operator authentication (decision 020).
      expect((await call({ method: 'GET', url: '/api/admin/me', headers })).statusCode).toBe(200);
      expect((await call({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
      expect((await call({ method: 'GET', url: '/api/admin/audit?page=1', headers })).statusCode).toBe(200);
      expect((await call({ method: 'GET', url: '/api/admin/audit?page=0', headers })).statusCode).toBe(400);
      const stepUp = (payload: object) => call({ method: 'POST', url: '/api/admin/step-up', headers, payload });
      expect((await stepUp({ password: ADMIN.password })).statusCode).toBe(200);
      expect((await stepUp({})).statusCode).toBe(400);
      const skip = '/api/admin/second-factor/skip';
      expect((await call({ method: 'POST', url: skip, headers })).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: skip })).statusCode).toBe(401);
      const newPassword = 'another long passphrase';
      const change = (currentPassword: string) =>
        call({ method: 'POST', url: '/api/admin/password', headers, payload: { currentPassword, newPassword } });
      expect((await change('not the password')).statusCode).toBe(401);
      expect((await change(ADMIN.password)).statusCode).toBe(200);
      const enrolment = '/api/admin/second-factor/enrolment';
      const { secret } = (await call({ method: 'POST', url: enrolment, headers })).json() as { secret: string };
      const enrol = (code: string) =>
        call({ method: 'POST', url: '/api/admin/second-factor/enrol', headers, payload: { code } });
      expect((await enrol('12')).statusCode).toBe(401);
      expect((await enrol(await totpAt(secret, ctx().clock))).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: enrolment, headers })).statusCode).toBe(409);
      const secondStep = '/api/admin/login/second-factor';
      const pending = await passwordStep(ctx(), { ...ADMIN, password: newPassword });
      ctx().clock.advance(31_000);
      const code = { code: await totpAt(secret, ctx().clock) };
      expect((await call({ method: 'POST', url: secondStep, payload: code })).statusCode).toBe(401);
      expect(
        (await call({ method: 'POST', url: secondStep, headers: { cookie: pending }, payload: code })).statusCode,
      ).toBe(200);
      expect((await call({ method: 'POST', url: '/api/admin/logout', headers })).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: '/api/admin/logout', headers })).statusCode).toBe(401);
      await setupAdmin(ctx());
    });

    it('donor', async () => {
      const donor = await seedDonor(ctx());
      await donorGift(ctx(), donor, 'claimed');
      expect(
        (await call({ method: 'POST', url: '/api/donor/sign-in/request', payload: { email: donor.email } })).statusCode,
      ).toBe(200);
      expect(
        (await call({ method: 'POST', url: '/api/donor/sign-in/request', payload: { email: 'nope' } })).statusCode,
      ).toBe(400);
      expect(
        (await call({ method: 'POST', url: '/api/donor/sign-in/verify', payload: { token: 'x'.repeat(43) } }))
          .statusCode,
      ).toBe(400);
      await ctx().db.transaction((tx) => issueDonorSignInLink(tx, ctx().deps, donor.id));
      const token = await latestSignInToken(ctx(), donor.email);
      const verified = await call({ method: 'POST', url: '/api/donor/sign-in/verify', payload: { token } });
      expect(verified.json()).toEqual({ signedIn: true });
      const headers = { cookie: `hg_donor=${verified.cookies.find((c) => c.name === 'hg_donor')!.value}` };
      expect((await call({ method: 'GET', url: '/api/donor/profile', headers })).statusCode).toBe(200);
      const history = await call({ method: 'GET', url: '/api/donor/gift-history', headers });
      expect(history.json().map((g: { status: string }) => g.status)).toEqual(['claimed']);
      expect((await call({ method: 'GET', url: '/api/donor/profile' })).statusCode).toBe(401);
      expect((await call({ method: 'GET', url: '/api/donor/gift-history' })).statusCode).toBe(401);
      expect((await call({ method: 'POST', url: '/api/donor/logout', headers })).statusCode).toBe(200);
      const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      expect((await call({ method: 'POST', url: '/api/donor/logout', headers: crossSite })).statusCode).toBe(403);
    });

    it('contact and the dev mailbox', async () => {
      const message = {
        name: 'Ann',
        email: 'ann@example.com',
        category: 'general',
        subject: 'Hi',
        message: 'Hello there',
      };
      expect((await call({ method: 'POST', url: '/api/contact', payload: message })).statusCode).toBe(201);
      expect(
        (await call({ method: 'POST', url: '/api/contact', payload: { ...message, category: 'x' } })).statusCode,
      ).toBe(400);
      await ctx().flushEmails();
      const mails = await call({ method: 'GET', url: '/api/dev/emails?to=support@hushgift.app' });
      expect(mails.json().length).toBeGreaterThan(0);
      expect((await call({ method: 'GET', url: `/api/dev/emails?to=${'a'.repeat(300)}` })).statusCode).toBe(400);
    });

    it('HTML pages check their path and query too, and keep answering HTML', async () => {
      const malformed = 'not.an.id';
      const onboarding = await ctx().app.inject({ method: 'GET', url: `/sandbox/onboarding/${malformed}` });
      expect(onboarding.statusCode).toBe(404);
      expect(onboarding.headers['content-type']).toMatch(/^text\/html/);
      expect(onboarding.body).toContain('Account not found');
      const checkout = await ctx().app.inject({ method: 'GET', url: `/sandbox/checkout/${malformed}` });
      expect(checkout.statusCode).toBe(404);
      expect(checkout.body).toContain('Checkout not found');
      const { claimToken } = await claimableGift(ctx());
      const account = await startClaim(ctx(), claimToken);
      const page = await ctx().app.inject({
        method: 'GET',
        url: `/sandbox/onboarding/${account}?return_url=${'b'.repeat(3000)}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('name="return_url" value="http://localhost:3000/"');
      const mailbox = await ctx().app.inject({ method: 'GET', url: `/dev/mailbox?to=${'c'.repeat(300)}` });
      expect(mailbox.statusCode).toBe(400);
      expect(mailbox.json().message).toMatch(/^to: /);
    });

    it('the sender gift page, the thank-you note and deleting a donor account', async () => {
      const c = ctx();
      const { manageToken, claimToken } = await paidGift(c);
      const page = `/api/gifts/manage/${manageToken}`;
      const status = async (options: InjectOptions & { method: string; url: string }) =>
        (await call(options)).statusCode;
      expect(await status({ method: 'GET', url: page })).toBe(200);
      expect(await status({ method: 'GET', url: `/api/gifts/manage/${'x'.repeat(43)}` })).toBe(404);
      const correct = (recipientEmail: string) => ({
        method: 'POST',
        url: `${page}/recipient-email`,
        payload: { recipientEmail },
      });
      expect(await status(correct('not an address'))).toBe(400);
      expect(await status(correct('right.address@example.com'))).toBe(200);
      expect(await status({ method: 'POST', url: `${page}/resend` })).toBe(200);
      expect(await status({ method: 'POST', url: `${page}/resend` })).toBe(429);
      const day = (days: number) => new Date(c.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);
      expect(await status({ method: 'POST', url: `${page}/delivery-date`, payload: { date: day(5) } })).toBe(409);
      const scheduled = await paidGift(c, { delivery: { date: day(5), timeZone: 'UTC' } });
      const scheduledPage = `/api/gifts/manage/${scheduled.manageToken}`;
      expect(await status({ method: 'POST', url: `${scheduledPage}/delivery-date`, payload: { date: day(6) } })).toBe(
        200,
      );
      expect(await status({ method: 'POST', url: `${scheduledPage}/cancel` })).toBe(200);
      expect(await status({ method: 'POST', url: `${scheduledPage}/cancel` })).toBe(409);

      const thankYou = (note: string) => ({
        method: 'POST',
        url: `/api/gifts/claim/${claimToken}/thank-you`,
        payload: { note },
      });
      // The correction above rotated the claim link: the old one opens nothing, not even a thank-you.
      expect(await status(thankYou('Thank you!'))).toBe(404);
      const fresh = await paidGift(c);
      const account = await startClaim(c, fresh.claimToken!);
      await setAccountStatus(c, account, 'verified');
      expect((await complete(c, fresh.claimToken!)).json().success).toBe(true);
      const freshThankYou = (note: string) => ({
        method: 'POST',
        url: `/api/gifts/claim/${fresh.claimToken}/thank-you`,
        payload: { note },
        headers: { cookie: claimSessionCookie(c, fresh.claimToken!)! },
      });
      expect(await status(freshThankYou(''))).toBe(400);
      expect(await status(freshThankYou('Thank you!'))).toBe(200);

      const donor = await seedDonor(c);
      const { gift: donorsGift } = await donorGift(c, donor, 'paid');
      const headers = { cookie: `hg_donor=${await signInDonor(c, donor)}` };
      const manageLink = `/api/donor/gifts/${donorsGift.publicId}/manage-link`;
      expect(await status({ method: 'POST', url: manageLink, headers })).toBe(200);
      expect(await status({ method: 'POST', url: manageLink })).toBe(401);
      expect(await status({ method: 'DELETE', url: '/api/donor/account' })).toBe(401);
      expect(await status({ method: 'DELETE', url: '/api/donor/account', headers })).toBe(200);
    });

    it('give together: start, share page, contribution, organiser page and send', async () => {
      const status = async (options: InjectOptions & { method: string; url: string }) =>
        (await call(options)).statusCode;
      expect(
        await status({ method: 'POST', url: '/api/together', payload: { ...groupPayload(), deadlineDays: 30 } }),
      ).toBe(400);
      const started = await call({ method: 'POST', url: '/api/together', payload: groupPayload() });
      expect(started.statusCode).toBe(201);
      const { organiserUrl, shareUrl } = started.json() as { organiserUrl: string; shareUrl: string };
      const share = shareUrl.split('/').pop()!;
      const organiser = organiserUrl.split('/').pop()!;
      const missing = 'x'.repeat(43);
      expect(await status({ method: 'GET', url: `/api/together/${share}` })).toBe(200);
      expect(await status({ method: 'GET', url: `/api/together/${missing}` })).toBe(404);
      const contribution = (token: string, amountCents: number) => ({
        method: 'POST',
        url: `/api/together/${token}/contributions`,
        payload: { ...wireFigures(amountCents, 0), senderCoversFees: false },
      });
      expect(await status(contribution(share, 100))).toBe(400);
      expect(await status(contribution(share, 2_000))).toBe(201);
      expect(await status({ method: 'GET', url: `/api/together/organise/${organiser}` })).toBe(200);
      expect(await status({ method: 'GET', url: `/api/together/organise/${missing}` })).toBe(404);
      expect(await status({ method: 'POST', url: `/api/together/organise/${organiser}/send` })).toBe(200);
      expect(await status({ method: 'POST', url: `/api/together/organise/${organiser}/send` })).toBe(409);
    });

    it("the recipient's rights", async () => {
      const status = async (options: InjectOptions & { method: string; url: string }) =>
        (await call(options)).statusCode;
      expect(await status({ method: 'POST', url: '/api/verify', payload: { code: 'ABCD-EFGH' } })).toBe(200);
      expect(await status({ method: 'POST', url: '/api/verify', payload: { code: 1 } })).toBe(400);
      const { claimToken } = await claimableGift(ctx());
      const decline = (cookie?: string) => ({
        method: 'POST',
        url: `/api/gifts/claim/${claimToken}/decline`,
        payload: {},
        headers: cookie ? { cookie } : {},
      });
      expect(await status(decline())).toBe(404);
      await startClaim(ctx(), claimToken);
      expect(await status(decline(claimSessionCookie(ctx(), claimToken)))).toBe(200);
      const stopSender = (cookie?: string) => ({
        method: 'POST',
        url: `/api/gifts/claim/${claimToken}/stop-sender`,
        payload: {},
        headers: cookie ? { cookie } : {},
      });
      expect(await status(stopSender())).toBe(404);
      expect(await status(stopSender(claimSessionCookie(ctx(), claimToken)))).toBe(200);
      const reported = (payload: object) => ({ method: 'POST', url: `/api/gifts/claim/${claimToken}/report`, payload });
      expect(await status(reported({ reason: 'scam' }))).toBe(200);
      expect(await status(reported({ reason: 'nope' }))).toBe(400);
      const mail = (await ctx().flushEmails()).find((m) => m.textBody.includes('/stop/'))!;
      const stop = `/api/recipient-links/${/\/stop\/([A-Za-z0-9_-]{43})/.exec(mail.textBody)![1]}`;
      expect(await status({ method: 'GET', url: stop })).toBe(200);
      expect(await status({ method: 'GET', url: `/api/recipient-links/${'x'.repeat(43)}` })).toBe(404);
      expect(await status({ method: 'POST', url: stop })).toBe(200);
      expect(await status({ method: 'POST', url: `/api/recipient-links/${'x'.repeat(43)}` })).toBe(404);
    });

    it('exercised every API route, with a success and a refusal each', () => {
      const routes = ctx()
        .app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
        .map((r) => `${r.method} ${r.url}`);
      const missing = routes.flatMap((route) => {
        const kinds = checked.get(route) ?? new Set();
        const wanted = NO_REFUSAL.has(route) ? (['ok'] as const) : (['ok', 'refused'] as const);
        return wanted.filter((k) => !kinds.has(k)).map((k) => `${route}: no ${k} answer checked`);
      });
      expect(missing).toEqual([]);
    });
  },
  { payments: sandboxWithStripeWebhooks },
);

describeEachEngine('an answer is only what its schema declares', (ctx) => {
  const secret = 'sender: Zebulon Quixotic';
  beforeAll(async () => {
    const probe = ctx().app.withTypeProvider<ZodTypeProvider>();
    const response = { 200: z.object({ ok: z.boolean(), name: z.string().optional() }), ...errorResponses };
    // A handler that returns more than it declares (as a careless spread of a database row would).
    probe.get(
      '/api/probe/extra',
      { schema: { response } },
      async () => ({ ok: true, senderName: secret }) as { ok: boolean },
    );
    // A handler whose answer breaks its own schema.
    probe.get(
      '/api/probe/broken',
      { schema: { response } },
      async () => ({ ok: secret }) as unknown as { ok: boolean },
    );
    await ctx().app.ready();
  });

  it('drops a field no schema declares', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/probe/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.body).not.toContain('Zebulon');
  });

  it('answers a generic, logged 500 when an answer breaks its schema, revealing none of it', async () => {
    const logged = vi.spyOn(ctx().app.log, 'error');
    const res = await ctx().app.inject({ method: 'GET', url: '/api/probe/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: SERVER_ERROR_MESSAGE });
    expect(res.body).not.toContain('Zebulon');
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ route: 'GET /api/probe/broken' }),
      'response does not match its schema',
    );
    logged.mockRestore();
  });
});
