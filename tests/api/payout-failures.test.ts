// A transfer that fails in the real flow: the recipient is told it will be retried, the gift stays paid with its
// transfer started, and the reconciler retries it on an exact capped back-off (30 s, 1 min, 2 min … at most 10 min)
// for as long as it fails, asking the provider before every attempt whether the transfer was made; after 2 hours
// of failures the gift is also on the attention list, and when the provider recovers it pays out exactly once.
// A permanent failure goes on the attention list at once and is not retried.
import { and, eq, sql } from 'drizzle-orm';
import { outbox, sandboxTransfers } from '../../src/server/db/schema.js';
import { HOUR, MINUTE } from '../../src/server/clock.js';
import { createPaymentProvider } from '../../src/server/payments/index.js';
import { ProviderError } from '../../src/server/payments/provider.js';
import { retryDelayMs, runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { claimableGift, complete, giftRow, setAccountStatus, startClaim } from '../helpers/claims.js';
import { movementsOf } from '../helpers/money.js';
import { scripted, type ScriptedProvider } from '../helpers/scripted-provider.js';

const FAILED_REPLY =
  'Your account is verified, but the transfer could not be sent yet. We will retry automatically within a few minutes.';
const FAILURES = 20;

describeEachEngine(
  'a failing transfer',
  (ctx) => {
    const script = () => (ctx().deps.payments as ScriptedProvider).script;
    const transfersOf = (publicId: string) =>
      ctx().db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, publicId));
    const verifiedClaim = async () => {
      const seeded = await claimableGift(ctx(), { amountCents: 3100 });
      await setAccountStatus(ctx(), await startClaim(ctx(), seeded.claimToken), 'verified');
      return seeded;
    };
    // Each test starts with nothing of earlier tests still due.
    beforeEach(async () => {
      ctx().clock.advance(2 * 60 * MINUTE);
      await runPayouts(ctx().deps, 1000);
      await runReconciler(ctx().deps);
    });
    const transferMovement = async (giftId: number) =>
      (await movementsOf(ctx(), giftId)).find((m) => m.kind === 'transfer')!;

    it('answers "will retry", retries on the exact capped back-off, flags the gift after 2 h, and pays out once it recovers', async () => {
      const { gift, claimToken } = await verifiedClaim();
      const asked = script().count('createTransfer');
      const looked = script().count('findTransfer');
      script().fail(
        'createTransfer',
        new ProviderError('Stripe could not create the transfer: insufficient balance', true),
        FAILURES,
      );

      const res = await complete(ctx(), claimToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: false,
        giftId: gift.publicId,
        amount: '31.00',
        message: FAILED_REPLY,
        payoutAccount: '…0000',
      });
      const started = ctx().clock.now();
      expect(await giftRow(ctx(), gift.id)).toMatchObject({
        status: 'paid',
        transferStartedAt: started,
        needsAttention: null,
      });
      let movement = await transferMovement(gift.id);
      expect(movement).toMatchObject({ state: 'unknown', attempts: 1, failingSince: started });
      expect(movement.nextAttemptAt).toEqual(new Date(started.getTime() + retryDelayMs(1)));

      for (let attempt = 2; attempt <= FAILURES + 1; attempt++) {
        // Not a moment before its back-off has passed; the payout job never touches a started transfer.
        ctx().clock.advance(retryDelayMs(attempt - 1) - 1);
        expect(await runReconciler(ctx().deps)).toMatchObject({ attempted: 0 });
        expect(await runPayouts(ctx().deps)).toEqual({ checked: 0, claimed: 0 });
        ctx().clock.advance(1);
        const run = await runReconciler(ctx().deps);
        movement = await transferMovement(gift.id);
        const row = await giftRow(ctx(), gift.id);
        if (attempt <= FAILURES) {
          expect(run).toEqual({ attempted: 1, succeeded: 0, retrying: 1, failed: 0 });
          expect(movement).toMatchObject({ state: 'unknown', attempts: attempt });
          expect(movement.nextAttemptAt).toEqual(new Date(ctx().clock.now().getTime() + retryDelayMs(attempt)));
          const failingFor = ctx().clock.now().getTime() - started.getTime();
          if (failingFor < 2 * HOUR) expect(row.needsAttention).toBeNull();
          else
            expect(row.needsAttention).toMatch(
              /^Transfer to the recipient failing for \d+ minutes \(retried automatically\): .*insufficient balance$/,
            );
          expect(row.status).toBe('paid');
        } else {
          expect(run).toEqual({ attempted: 1, succeeded: 1, retrying: 0, failed: 0 });
          expect(row).toMatchObject({ status: 'claimed', needsAttention: null });
        }
      }
      // Every attempt first asked whether the transfer had been made, then asked for it with the same key.
      expect(script().count('createTransfer') - asked).toBe(FAILURES + 1);
      expect(script().count('findTransfer') - looked).toBe(FAILURES + 1);
      const calls = script()
        .calls.filter((c) => c.method === 'createTransfer')
        .slice(asked)
        .map((c) => c.args[0] as { idempotencyKey: string; amountCents: number });
      expect(new Set(calls.map((k) => k.idempotencyKey))).toEqual(
        new Set([`localhost-3000:${gift.publicId}:transfer`]),
      );
      expect(new Set(calls.map((k) => k.amountCents))).toEqual(new Set([3100]));
      const transfers = await transfersOf(gift.publicId);
      expect(transfers.map((t) => t.amountCents)).toEqual([3100]);
      const mails = await ctx()
        .db.select()
        .from(outbox)
        .where(and(eq(outbox.giftId, gift.id), sql`${outbox.kind} like 'claim-%'`));
      expect(mails.map((m) => m.kind).sort()).toEqual(['claim-recipient-confirmation', 'claim-sender-notice']);
    });

    it('pays out exactly once, with both e-mails, when the provider recovers after a failure', async () => {
      const { gift, claimToken } = await verifiedClaim();
      script().fail('createTransfer', new ProviderError('Stripe could not create the transfer: timeout', true));
      expect((await complete(ctx(), claimToken)).json().message).toBe(FAILED_REPLY);

      ctx().clock.advance(retryDelayMs(1));
      expect(await runReconciler(ctx().deps)).toEqual({ attempted: 1, succeeded: 1, retrying: 0, failed: 0 });
      const row = await giftRow(ctx(), gift.id);
      expect(row).toMatchObject({ status: 'claimed', needsAttention: null });
      const transfers = await transfersOf(gift.publicId);
      expect(transfers.map((t) => [t.amountCents, t.idempotencyKey])).toEqual([
        [3100, `localhost-3000:${gift.publicId}:transfer`],
      ]);
      expect(row.transferId).toBe(transfers[0]!.id);
      expect(await transferMovement(gift.id)).toMatchObject({ state: 'succeeded', providerRef: transfers[0]!.id });
      const mails = await ctx()
        .db.select()
        .from(outbox)
        .where(and(eq(outbox.giftId, gift.id), sql`${outbox.kind} like 'claim-%'`));
      expect(mails.map((m) => m.kind).sort()).toEqual(['claim-recipient-confirmation', 'claim-sender-notice']);
      expect(await runReconciler(ctx().deps)).toMatchObject({ attempted: 0 });
    });

    it("puts a permanently refused transfer on the attention list at once with the provider's reason, and does not retry it", async () => {
      const { gift, claimToken } = await verifiedClaim();
      const asked = script().count('createTransfer');
      script().fail(
        'createTransfer',
        new ProviderError('Stripe could not send the transfer: the destination account is closed', false),
      );
      expect((await complete(ctx(), claimToken)).json().success).toBe(false);
      expect((await giftRow(ctx(), gift.id)).needsAttention).toBe(
        'Transfer to the recipient failed: Stripe could not send the transfer: the destination account is closed',
      );
      expect(await transferMovement(gift.id)).toMatchObject({ state: 'failed', nextAttemptAt: null });
      ctx().clock.advance(24 * HOUR);
      expect(await runReconciler(ctx().deps)).toMatchObject({ attempted: 0 });
      expect(await runPayouts(ctx().deps)).toEqual({ checked: 0, claimed: 0 });
      expect(script().count('createTransfer') - asked).toBe(1);
      expect(await transfersOf(gift.publicId)).toHaveLength(0);
      expect((await giftRow(ctx(), gift.id)).status).toBe('paid');
    });
  },
  { payments: (deps) => scripted(createPaymentProvider(deps.config, deps.db, deps.clock)) },
);
