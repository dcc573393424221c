// Card disputes (decision 014, issue 13 point 4), through the signed webhook and the Stripe adapter's translation
// of Stripe's own dispute object, and as the sandbox emits them (app events into the one handler). Opened: the
// disputed money leaves our balance (dispute debit) and the gift is frozen: no payout, no refund, the claim goes
// on. Won: the money comes back and the gift goes on. Lost: the gift is closed as `disputed`, what it held covers
// the dispute, a payout already made is recorded as the loss and flagged. Replays change nothing, the ledger's
// invariants hold throughout.
import { eq } from 'drizzle-orm';
import { sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import { DAY, MINUTE } from '../../src/server/clock.js';
import { ProviderError } from '../../src/server/payments/provider.js';
import { SandboxProvider } from '../../src/server/payments/sandbox/provider.js';
import type { AppEvent } from '../../src/server/payments/events.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { ON_HOLD_MESSAGE } from '../../src/server/services/claims/complete.js';
import { stripeFixture } from '../helpers/stripe-stand-in.js';
import { postEvent, sandboxWithStripeWebhooks } from '../helpers/gift-payload.js';
import { complete, giftRow, giftStatus, setAccountStatus, startClaim } from '../helpers/claims.js';
import { checkLedger, movementsOf, paySandboxGift } from '../helpers/money.js';
import { scripted, type ScriptedProvider } from '../helpers/scripted-provider.js';
import { passExpiry } from '../helpers/gifts.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { manage, paidGift } from '../helpers/gift-page.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';

type Gift = Awaited<ReturnType<typeof paySandboxGift>>['gift'];
type Outcome = 'opened' | 'won' | 'lost';

/** How a dispute reaches the app: a signed Stripe event, or the sandbox's app event. */
interface Channel {
  name: string;
  send(ctx: TestContext, gift: Gift, outcome: Outcome, ref: string, eventId: string): Promise<{ duplicate: boolean }>;
}

const stripeChannel: Channel = {
  name: 'Stripe webhook',
  async send(ctx, gift, outcome, ref, eventId) {
    const dispute = stripeFixture('dispute', {
      id: ref,
      amount: gift.totalCents,
      charge: gift.chargeId,
      payment_intent: gift.paymentIntentId,
      status: outcome === 'opened' ? 'needs_response' : outcome,
    });
    const type = outcome === 'opened' ? 'charge.dispute.created' : 'charge.dispute.closed';
    const res = await postEvent(ctx, stripeFixture('event', { id: eventId, type, data: { object: dispute } }));
    expect(res.statusCode).toBe(200);
    return { duplicate: res.json().duplicate };
  },
};

const sandboxChannel: Channel = {
  name: 'sandbox app event',
  send(ctx, gift, outcome, ref, eventId) {
    const event: AppEvent = {
      id: eventId,
      kind: `dispute_${outcome}`,
      disputeRef: ref,
      paymentRef: gift.paymentIntentId,
      chargeRef: gift.chargeId,
      amountCents: gift.totalCents,
      reason: 'fraudulent',
    };
    return handleProviderEvent(ctx.deps, event);
  },
};

for (const channel of [stripeChannel, sandboxChannel]) {
  describeEachEngine(
    `card disputes (${channel.name})`,
    (ctx) => {
      const provider = () => ctx().deps.payments as ScriptedProvider;
      const mine = async (publicId: string) =>
        (await checkLedger(ctx())).violations.filter((v) => v.includes(publicId));
      let n = 0;
      /** Sends one dispute outcome under a fresh event id. */
      const dispute = (gift: Gift, outcome: Outcome, ref = `dp_${gift.publicId}`) =>
        channel.send(ctx(), gift, outcome, ref, `evt_${outcome}_${gift.id}_${++n}`);
      const kinds = async (giftId: number) =>
        (await movementsOf(ctx(), giftId)).map((m) => [m.kind, m.debitAccount, m.creditAccount, m.amountCents]);
      const transfersOf = (gift: Gift) =>
        ctx().db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, gift.publicId));
      const refundsOf = (gift: Gift) =>
        ctx().db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!));
      // The recipient's status page, in the claim session their answer opened.
      const status = async (gift: Gift) => (await giftStatus(ctx(), gift.publicId)).json().status;

      it('freezes a gift being claimed: no payout while open; won, the money comes back and it pays out once', async () => {
        const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 4000, tipCents: 150 });
        const account = await startClaim(ctx(), claimToken, 'Rex');
        expect(await dispute(gift, 'opened')).toEqual({ duplicate: false });

        // The claim goes on; the money does not move.
        await setAccountStatus(ctx(), account, 'verified');
        expect((await complete(ctx(), claimToken)).json()).toMatchObject({ success: false, message: ON_HOLD_MESSAGE });
        ctx().clock.advance(10 * MINUTE);
        await runPayouts(ctx().deps);
        await runReconciler(ctx().deps);
        expect(await transfersOf(gift)).toHaveLength(0);
        expect(await status(gift)).toBe('on_hold');
        const frozen = await giftRow(ctx(), gift.id);
        expect(frozen).toMatchObject({ status: 'paid', transferStartedAt: null });
        expect(frozen.disputeOpenedAt).not.toBeNull();
        expect(frozen.needsAttention).toBe(
          `Dispute dp_${gift.publicId} opened: the cardholder's bank took back ${gift.totalCents} cents. The gift is frozen: nothing is paid out or refunded until the dispute closes. Respond in the provider's dashboard.`,
        );
        expect(await kinds(gift.id)).toEqual([
          ['charge', 'provider_clearing', 'owed_to_recipients', 4000],
          ['fee', 'provider_clearing', 'fee_revenue', gift.feeCents],
          ['tip', 'provider_clearing', 'tip_revenue', 150],
          ['dispute_debit', 'disputes', 'provider_clearing', gift.totalCents],
        ]);
        expect(await mine(gift.publicId)).toEqual([]);
        // The same dispute again (a replay under another event id) posts nothing.
        await dispute(gift, 'opened');
        expect(await movementsOf(ctx(), gift.id)).toHaveLength(4);

        await dispute(gift, 'won');
        const after = await giftRow(ctx(), gift.id);
        expect(after).toMatchObject({ disputeOpenedAt: null, needsAttention: null });
        expect((await kinds(gift.id)).at(-1)).toEqual([
          'dispute_credit',
          'provider_clearing',
          'disputes',
          gift.totalCents,
        ]);
        // The payout job picks it up again.
        ctx().clock.advance(10 * MINUTE);
        await runPayouts(ctx().deps);
        expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
        expect(await transfersOf(gift)).toHaveLength(1);
        await dispute(gift, 'won');
        expect(await movementsOf(ctx(), gift.id)).toHaveLength(6);
        expect(await mine(gift.publicId)).toEqual([]);
      });

      it('keeps a frozen gift from expiring; lost, it is closed as disputed and its held money covers the dispute', async () => {
        const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 3000 });
        await dispute(gift, 'opened');
        passExpiry(ctx(), gift);
        await processExpired(ctx().deps);
        expect(await giftRow(ctx(), gift.id)).toMatchObject({ status: 'paid', refundStartedAt: null });
        expect(await refundsOf(gift)).toHaveLength(0);

        await dispute(gift, 'lost');
        const row = await giftRow(ctx(), gift.id);
        expect(row).toMatchObject({ status: 'disputed', disputeOpenedAt: null, needsAttention: null });
        expect(row.disputedAt).toEqual(ctx().clock.now());
        // The gift amount, fee and tip covered what the bank took back: no loss.
        expect((await kinds(gift.id)).slice(3)).toEqual([
          ['dispute_debit', 'disputes', 'provider_clearing', gift.totalCents],
          ['dispute_debit', 'owed_to_recipients', 'disputes', 3000],
          ['dispute_debit', 'fee_revenue', 'disputes', gift.feeCents],
          ...(gift.tipCents > 0 ? [['dispute_debit', 'tip_revenue', 'disputes', gift.tipCents]] : []),
        ]);
        const before = await movementsOf(ctx(), gift.id);
        await dispute(gift, 'lost');
        await dispute(gift, 'opened');
        expect(await movementsOf(ctx(), gift.id)).toEqual(before);
        expect(await mine(gift.publicId)).toEqual([]);
        // Closed for everyone: not claimable, no refund ever, the recipient told only that it is gone.
        expect((await ctx().app.inject({ method: 'POST', url: `/api/gifts/claim/${claimToken}` })).statusCode).toBe(
          404,
        );
        ctx().clock.advance(40 * DAY);
        await processExpired(ctx().deps);
        await runReconciler(ctx().deps);
        expect(await refundsOf(gift)).toHaveLength(0);
        expect(await status(gift)).toBe('unavailable');
      });

      it('records the loss of a dispute on a gift already paid out, flags it, and closes it as disputed when lost', async () => {
        const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 2500, tipCents: 100 });
        await setAccountStatus(ctx(), await startClaim(ctx(), claimToken, 'Rex'), 'verified');
        expect((await complete(ctx(), claimToken)).json().success).toBe(true);

        await dispute(gift, 'opened');
        expect((await giftRow(ctx(), gift.id)).needsAttention).toMatch(
          /opened: .* The gift was already paid out or refunded, so this is a loss unless the dispute is won\./,
        );
        expect(await mine(gift.publicId)).toEqual([]);
        await dispute(gift, 'lost');
        const row = await giftRow(ctx(), gift.id);
        expect(row.status).toBe('disputed');
        expect(row.needsAttention).toBe(
          `Dispute dp_${gift.publicId} lost: 2500 cents are lost, the gift had already been paid out or refunded. It is closed as disputed.`,
        );
        // The fee and tip cover their part; the gift amount paid out is the loss.
        expect((await kinds(gift.id)).filter(([k]) => k === 'dispute_debit')).toEqual([
          ['dispute_debit', 'disputes', 'provider_clearing', gift.totalCents],
          ['dispute_debit', 'fee_revenue', 'disputes', gift.feeCents],
          ['dispute_debit', 'tip_revenue', 'disputes', 100],
        ]);
        const check = await checkLedger(ctx());
        expect(check.violations.filter((v) => v.includes(gift.publicId))).toEqual([]);
        // The recipient was paid: for them the gift stays delivered.
        expect(await status(gift)).toBe('completed');
      });

      it('unflags a paid-out gift whose dispute is won', async () => {
        const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 2000 });
        await setAccountStatus(ctx(), await startClaim(ctx(), claimToken, 'Rex'), 'verified');
        await complete(ctx(), claimToken);
        await dispute(gift, 'opened');
        await dispute(gift, 'won');
        expect(await giftRow(ctx(), gift.id)).toMatchObject({
          status: 'claimed',
          needsAttention: null,
          disputeOpenedAt: null,
        });
        expect(await mine(gift.publicId)).toEqual([]);
      });

      it('holds a transfer waiting for a retry while the dispute is open, and cancels it when the dispute is lost', async () => {
        const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 3500 });
        await setAccountStatus(ctx(), await startClaim(ctx(), claimToken, 'Rex'), 'verified');
        provider().script.fail('createTransfer', new ProviderError('503 Service Unavailable', true));
        expect((await complete(ctx(), claimToken)).json().success).toBe(false);
        const transfer = async () => (await movementsOf(ctx(), gift.id)).find((m) => m.kind === 'transfer')!;
        expect((await transfer()).state).toBe('unknown');

        await dispute(gift, 'opened');
        expect((await transfer()).nextAttemptAt).toBeNull();
        const calls = provider().script.count('createTransfer');
        ctx().clock.advance(20 * MINUTE); // long past any retry, within the recipient's claim session
        await runReconciler(ctx().deps);
        expect(provider().script.count('createTransfer')).toBe(calls);
        expect((await complete(ctx(), claimToken)).json().message).toBe(ON_HOLD_MESSAGE);
        // An operator's "Retry now" does not send it either.
        await setupAdmin(ctx());
        const retry = await ctx().app.inject({
          method: 'POST',
          url: `/api/admin/gifts/${gift.id}/retry-movement`,
          headers: { cookie: await adminCookie(ctx()) },
        });
        expect(retry.json()).toEqual({
          outcome: 'held',
          message:
            'Transfer to the recipient waits: a card dispute on the payment is open, nothing is sent until it closes.',
        });
        expect(provider().script.count('createTransfer')).toBe(calls);

        await dispute(gift, 'lost');
        await runReconciler(ctx().deps);
        expect(provider().script.count('createTransfer')).toBe(calls);
        expect(await transfer()).toMatchObject({
          state: 'cancelled',
          lastError: 'Not sent: a lost card dispute took the payment back.',
        });
        expect(await transfersOf(gift)).toHaveLength(0);
        expect(await giftRow(ctx(), gift.id)).toMatchObject({ status: 'disputed', needsAttention: null });
        expect(await mine(gift.publicId)).toEqual([]);
      });

      it('records a transfer that went out before the dispute froze it (its answer lost) as the loss', async () => {
        const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 2200 });
        await setAccountStatus(ctx(), await startClaim(ctx(), claimToken, 'Rex'), 'verified');
        provider().script.fail('createTransfer', new ProviderError('socket hang up', true));
        await complete(ctx(), claimToken);
        const transfer = (await movementsOf(ctx(), gift.id)).find((m) => m.kind === 'transfer')!;
        // The provider did make it; only its answer was lost.
        const row = await giftRow(ctx(), gift.id);
        await ctx().deps.payments.createTransfer({
          accountId: row.recipientAccountId!,
          amountCents: 2200,
          transferGroup: gift.publicId,
          sourceTransaction: gift.chargeId,
          description: 'Hushgift gift payout',
          idempotencyKey: transfer.idempotencyKey,
          metadata: {},
        });
        await dispute(gift, 'opened');
        await dispute(gift, 'lost');
        // Settled only once the reconciler has looked the transfer up.
        expect((await giftRow(ctx(), gift.id)).needsAttention).toMatch(/opened: .* The gift is frozen/);
        await runReconciler(ctx().deps);
        expect((await movementsOf(ctx(), gift.id)).find((m) => m.id === transfer.id)!.state).toBe('succeeded');
        expect(await giftRow(ctx(), gift.id)).toMatchObject({ status: 'disputed' });
        expect((await giftRow(ctx(), gift.id)).needsAttention).toMatch(/lost: 2200 cents are lost/);
        expect(await transfersOf(gift)).toHaveLength(1);
        expect(await mine(gift.publicId)).toEqual([]);
      });

      // The sender's gift page (paid through a signed checkout event, so on the Stripe channel's suite).
      if (channel === stripeChannel)
        it('shows the sender the dispute: nothing can be changed while it is open, closed as disputed when lost', async () => {
          const { gift, manageToken } = await paidGift(ctx());
          expect((await manage(ctx(), manageToken)).json().actions.cancel).toBe(true);
          await dispute(gift, 'opened');
          expect((await manage(ctx(), manageToken)).json().actions).toMatchObject({ cancel: false, resend: false });
          const cancel = await manage(ctx(), manageToken, 'cancel');
          expect(cancel.statusCode).toBe(409);
          expect(cancel.json().message).toBe(
            'The payment for this gift is disputed with the card issuer, so it can no longer be changed.',
          );
          await dispute(gift, 'lost');
          const view = (await manage(ctx(), manageToken)).json();
          expect(view.stage).toBe('disputed');
          expect(view.timeline.map((e: { event: string }) => e.event)).toContain('disputed');
        });

      it('closes a gift whose lost dispute arrives before its opening, and the late opening changes nothing', async () => {
        const { gift } = await paySandboxGift(ctx(), { amountCents: 1800 });
        await dispute(gift, 'lost');
        const before = await movementsOf(ctx(), gift.id);
        expect(before.filter((m) => m.kind === 'dispute_debit').map((m) => m.debitAccount)).toEqual([
          'disputes',
          'owed_to_recipients',
          'fee_revenue',
          ...(gift.tipCents > 0 ? ['tip_revenue'] : []),
        ]);
        await dispute(gift, 'opened');
        expect(await movementsOf(ctx(), gift.id)).toEqual(before);
        expect(await giftRow(ctx(), gift.id)).toMatchObject({ status: 'disputed', disputeOpenedAt: null });
        expect(await mine(gift.publicId)).toEqual([]);
      });
    },
    {
      payments: (deps) =>
        scripted(
          channel === stripeChannel
            ? sandboxWithStripeWebhooks(deps)
            : new SandboxProvider({ db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl }),
        ),
    },
  );
}
