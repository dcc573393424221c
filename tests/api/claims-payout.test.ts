// Completion and payout: the account is read from the provider, the transfer happens exactly once (50 parallel
// completions, the job on several "instances", a crash mid-transfer), no transfer once expiry has started (the
// forced race of the two is in claim-expiry-race.test.ts), and the e-mails go out once without the sender reaching the recipient.
import { and, eq, sql } from 'drizzle-orm';
import { outbox, sandboxTransfers } from '../../src/server/db/schema.js';
import { MINUTE } from '../../src/server/clock.js';
import { ACCOUNT_READ_TTL_MS } from '../../src/server/services/claims/account-reads.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { payOutGift } from '../../src/server/services/payouts/pay-out.js';
import { sandboxAccountState, getSandboxAccount } from '../../src/server/payments/sandbox/connect.js';
import { toConnectedAccount } from '../../src/server/payments/stripe/connect.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { scripted, type ScriptedProvider } from '../helpers/scripted-provider.js';
import {
  TEST_CONNECT_WEBHOOK_SECRET,
  postEvent,
  sandboxWithStripeWebhooks,
  stripeSignature,
} from '../helpers/gift-payload.js';
import { stripeFixture } from '../helpers/stripe-stand-in.js';
import {
  SENDER,
  SENDER_SECRETS,
  claimableGift,
  complete,
  expireBehindClaim,
  giftRow,
  setAccountStatus,
  startClaim,
  submitOnboarding,
} from '../helpers/claims.js';

const transfersFor = (ctx: TestContext, publicId: string) =>
  ctx.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, publicId));

const claimMailsFor = (ctx: TestContext, giftId: number) =>
  ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.giftId, giftId), sql`${outbox.kind} like 'claim-%'`));

describeEachEngine(
  'claim completion and payout',
  (ctx) => {
    const script = () => (ctx().deps.payments as ScriptedProvider).script;
    it('says what is pending until the account is verified, then transfers and claims through onboarding', async () => {
      const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy', amountCents: 7500 });
      // Before the answer there is no claim session: the same answer as for an unknown gift.
      const before = await complete(ctx(), claimToken);
      expect(before.statusCode).toBe(404);
      expect(before.json()).toEqual({ code: 'GIFT_NOT_FOUND', message: 'This gift link is invalid or has expired.' });

      const account = await startClaim(ctx(), claimToken, 'Fluffy');
      const notYet = await complete(ctx(), claimToken);
      expect(notYet.statusCode).toBe(200);
      expect(notYet.json()).toMatchObject({ success: false, giftId: gift.publicId });
      expect(notYet.json().message).toMatch(/6 items still need your attention/);

      const returnUrl = `http://localhost:3000/claim/${claimToken}?return=true`;
      ctx().clock.advance(ACCOUNT_READ_TTL_MS); // past the provider read the check above shares
      const submitted = await submitOnboarding(ctx(), account, 'verified', returnUrl);
      expect(submitted.statusCode).toBe(303);
      expect(submitted.headers.location).toBe(returnUrl);

      const done = await complete(ctx(), claimToken);
      expect(done.json()).toEqual({
        success: true,
        giftId: gift.publicId,
        amount: '75.00',
        message: 'Your gift of $75.00 is on its way. It usually arrives in your bank account within 1-2 business days.',
        payoutAccount: expect.stringMatching(/^…\d{4}$/),
      });
      const row = await giftRow(ctx(), gift.id);
      expect(row.status).toBe('claimed');
      expect(row.claimedAt).toEqual(ctx().clock.now());
      const transfers = await transfersFor(ctx(), gift.publicId);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({
        id: row.transferId,
        idempotencyKey: `localhost-3000:${gift.publicId}:transfer`,
        accountId: account,
        amountCents: 7500,
        sourceTransaction: gift.chargeId,
        transferGroup: gift.publicId,
      });
      for (const secret of SENDER_SECRETS) expect(transfers[0]!.description).not.toContain(secret);
      for (const res of [before, notYet, done])
        for (const secret of SENDER_SECRETS) expect(res.body).not.toContain(secret);
    });

    it('sends the recipient a confirmation without the sender, and the sender a claimed notice', async () => {
      const { gift, claimToken } = await claimableGift(ctx(), { amountCents: 2500 });
      // What the payment sent (the claim link, the sender's receipt) is already out.
      const sent = new Set((await ctx().flushEmails()).map((m) => m.id));
      const account = await startClaim(ctx(), claimToken);
      await submitOnboarding(ctx(), account, 'verified', `http://localhost:3000/claim/${claimToken}?return=true`);
      expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
      const mail = (await ctx().flushEmails()).filter((m) => !sent.has(m.id));
      const toRecipient = mail.filter((m) => m.toAddress === gift.recipientEmail);
      expect(toRecipient).toHaveLength(1);
      expect(toRecipient[0]!.subject).toBe('Your gift of $25.00 is on its way');
      expect(toRecipient[0]!.textBody).toMatch(/1–2 business days/);
      for (const secret of SENDER_SECRETS) {
        expect(toRecipient[0]!.subject + toRecipient[0]!.textBody + toRecipient[0]!.htmlBody).not.toContain(secret);
      }
      const toSender = mail.filter((m) => m.toAddress === SENDER.senderEmail && m.textBody.includes('$25.00'));
      expect(toSender).toHaveLength(1);
      expect(toSender[0]!.subject).toBe('Your gift to Rita was claimed');
    });

    it('makes exactly one transfer and one claimed transition for 50 parallel completions', async () => {
      const { gift, claimToken } = await claimableGift(ctx());
      const account = await startClaim(ctx(), claimToken);
      await setAccountStatus(ctx(), account, 'verified');
      const results = await Promise.all(Array.from({ length: 50 }, () => complete(ctx(), claimToken)));
      for (const res of results) {
        expect(res.statusCode).toBe(200);
        expect(res.json().success).toBe(true);
      }
      expect(await transfersFor(ctx(), gift.publicId)).toHaveLength(1);
      expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
      const mails = await claimMailsFor(ctx(), gift.id);
      expect(mails.map((m) => m.kind).sort()).toEqual(['claim-recipient-confirmation', 'claim-sender-notice']);
    });

    it('refuses to transfer once the expiry job has refunded the gift, even if the account is verified', async () => {
      // Past its expiry, and its claim started after that (no grace): due for the expiry job right now. A claim
      // cannot start past expires_at (decision 012), so the claim starts first and the expiry is moved behind it.
      const { gift, claimToken } = await claimableGift(ctx());
      const account = await startClaim(ctx(), claimToken);
      await expireBehindClaim(ctx(), { gift, claimToken });
      await setAccountStatus(ctx(), account, 'verified');
      expect(await processExpired(ctx().deps)).toEqual({ processed: 1, failed: 0 });
      expect((await giftRow(ctx(), gift.id)).status).toBe('refunded');
      expect((await complete(ctx(), claimToken)).statusCode).toBe(404);
      expect(await runPayouts(ctx().deps)).toMatchObject({ claimed: 0 });
      expect(await transfersFor(ctx(), gift.publicId)).toHaveLength(0);
    });

    it('pays out in the job once a later account.updated says the account is ready, once across instances', async () => {
      const { gift, claimToken } = await claimableGift(ctx());
      const account = await startClaim(ctx(), claimToken);
      await submitOnboarding(ctx(), account, 'pending', `http://localhost:3000/claim/${claimToken}?return=true`);
      const pending = await complete(ctx(), claimToken);
      expect(pending.json()).toMatchObject({ success: false });
      expect(pending.json().message).toMatch(/being verified/);

      // The job checks, finds it unverified, and backs off.
      await runPayouts(ctx().deps);
      expect((await giftRow(ctx(), gift.id)).reconcileAfter!.getTime()).toBeGreaterThan(ctx().clock.now().getTime());

      // The provider finishes verification and says so in an event; the event only marks the gift due.
      await setAccountStatus(ctx(), account, 'verified');
      const row = (await getSandboxAccount({ db: ctx().db, clock: ctx().clock, publicUrl: '' }, account))!;
      await handleProviderEvent(ctx().deps, {
        id: `evt_t_${gift.id}`,
        kind: 'payout_account_updated',
        account: sandboxAccountState(row),
      });
      expect((await giftRow(ctx(), gift.id)).status).toBe('paid');
      expect((await giftRow(ctx(), gift.id)).reconcileAfter).toEqual(ctx().clock.now());

      // Three instances run the job at once.
      const runs = await Promise.all([runPayouts(ctx().deps), runPayouts(ctx().deps), runPayouts(ctx().deps)]);
      expect(runs.reduce((n, r) => n + r.claimed, 0)).toBe(1);
      expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
      expect(await transfersFor(ctx(), gift.publicId)).toHaveLength(1);
    });

    it('takes account.updated through the Connect-signed webhook, fast and once: the gift is marked due and the job pays it', async () => {
      const { gift, claimToken } = await claimableGift(ctx());
      const account = await startClaim(ctx(), claimToken);
      await runPayouts(ctx().deps); // not verified yet: backs off
      await setAccountStatus(ctx(), account, 'verified');
      // Stripe's example account, made ready for transfers, as the Connect endpoint delivers it.
      const object = stripeFixture('account', {
        id: account,
        capabilities: { transfers: 'active' },
        details_submitted: true,
        requirements: { currently_due: [], past_due: [], pending_verification: [] },
      });
      expect(toConnectedAccount(object).transfersActive).toBe(true);
      const event = stripeFixture('event', {
        id: `evt_hook_${gift.id}`,
        type: 'account.updated',
        account,
        data: { object },
      });
      const first = await postEvent(ctx(), event, stripeSignature(JSON.stringify(event), TEST_CONNECT_WEBHOOK_SECRET));
      expect(first.json()).toEqual({ received: true, duplicate: false });
      expect((await postEvent(ctx(), event)).json()).toEqual({ received: true, duplicate: true });
      // The webhook itself moves no money; the job does, at its next run.
      expect(await transfersFor(ctx(), gift.publicId)).toHaveLength(0);
      // Everything else due was taken by the run above, before this account was verified: exactly this gift.
      expect(await runPayouts(ctx().deps)).toEqual({ checked: 1, claimed: 1 });
      expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
    });

    it('finds an unverified account again within a minute of verification, without any event', async () => {
      const { gift, claimToken } = await claimableGift(ctx());
      const account = await startClaim(ctx(), claimToken);
      await runPayouts(ctx().deps);
      await setAccountStatus(ctx(), account, 'verified');
      ctx().clock.advance(31_000);
      await runPayouts(ctx().deps);
      expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
    });

    it('resumes a transfer interrupted by a crash without paying twice', async () => {
      // The process dies while the payout's provider call is out: the transfer started and leased, never recorded.
      const crashMidTransfer = async (giftId: number) => {
        const held = script().hold('createTransfer');
        void payOutGift(ctx().deps, giftId); // never returns: the process is gone
        await held.reached;
      };
      // Crash after the provider made the transfer, before it was recorded.
      const first = await claimableGift(ctx());
      const account = await startClaim(ctx(), first.claimToken);
      await setAccountStatus(ctx(), account, 'verified');
      await crashMidTransfer(first.gift.id);
      await ctx().deps.payments.createTransfer({
        accountId: account,
        amountCents: first.gift.amountCents,
        transferGroup: first.gift.publicId,
        sourceTransaction: first.gift.chargeId,
        description: 'Hushgift gift payout',
        idempotencyKey: `localhost-3000:${first.gift.publicId}:transfer`,
        metadata: {},
      });
      // Crash before the provider was called.
      const second = await claimableGift(ctx());
      await setAccountStatus(ctx(), await startClaim(ctx(), second.claimToken), 'verified');
      await crashMidTransfer(second.gift.id);

      // A transfer in flight is left alone (by the payout job and the reconciler); a stuck one is resumed.
      await runPayouts(ctx().deps);
      expect(await runReconciler(ctx().deps)).toMatchObject({ attempted: 0 });
      expect((await giftRow(ctx(), first.gift.id)).status).toBe('paid');
      ctx().clock.advance(3 * MINUTE);
      expect(await runReconciler(ctx().deps)).toMatchObject({ attempted: 2, succeeded: 2 });
      for (const { gift } of [first, second]) {
        expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
        expect(await transfersFor(ctx(), gift.publicId)).toHaveLength(1);
      }
    });
  },
  { payments: (deps) => scripted(sandboxWithStripeWebhooks(deps)) },
);
