// Expiry: due gifts move paid → expired → refunded exactly once under parallel runs; the gift amount is refunded
// (fee and tip kept) with the gift's idempotency key; the sender is told; nothing else is touched; a failing
// refund is left to the reconciler, retried for as long as it fails (flagged after 2 h), without stopping the rest.
import { eq, inArray } from 'drizzle-orm';
import { gifts, outbox, sandboxRefunds, securityLog } from '../../src/server/db/schema.js';
import { DAY, HOUR, MINUTE } from '../../src/server/clock.js';
import { scheduledJobs } from '../../src/server/jobs/index.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { movementsOf, settledRefundRef } from '../helpers/money.js';
import { SandboxProvider } from '../../src/server/payments/sandbox/provider.js';
import { ProviderError, type CreateRefundInput } from '../../src/server/payments/provider.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import { claimPaidGift, giftIn, givenGift, passExpiry } from '../helpers/gifts.js';
import { claimableGift, setAccountStatus, startClaim } from '../helpers/claims.js';
import { payOutGift } from '../../src/server/services/payouts/pay-out.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { giftRowColumns } from '../helpers/gift-row.js';

describeEachEngine('process expired gifts', (ctx) => {
  it('refunds each due gift once across 5 parallel calls and leaves everything else alone', async () => {
    const c = ctx();
    await setupAdmin(c);
    // One timeline, forward only: gifts are paid and claims started at the moments that make each gift due (or
    // not) at the end, F. A gift expires 30 days after its payment; a claim started before expiry gets 7 days more.
    const F = c.clock.now().getTime() + 40 * DAY;
    const at = (offset: number) => c.clock.set(new Date(F + offset));
    const sender = (email: string) => ({ sender: { name: 'Sam Sender', email } });

    at(-38 * DAY);
    const graceOver = await claimableGift(c, sender('graceover@example.com'));
    at(-33 * DAY);
    const inGrace = await claimableGift(c);
    at(-31 * DAY);
    const inTransfer = await claimableGift(c);
    const claimed = await claimableGift(c);
    const due = [];
    for (let i = 11; i >= 0; i--) {
      at(-30 * DAY - (i + 1) * MINUTE);
      due[i] = (await givenGift(c, { amountCents: 5000 + i, tipCents: 300, ...sender(`due${i}@example.com`) })).gift;
    }
    at(-29 * DAY);
    const notYetDue = await claimableGift(c);
    at(-9 * DAY);
    await startClaim(c, graceOver.claimToken); // a claim started before expiry, past its 7 days of grace: due
    at(-4 * DAY);
    await startClaim(c, inGrace.claimToken); // onboarding started before expiry, still inside the grace period
    at(-2 * DAY);
    await claimPaidGift(c, claimed);
    const transferAccount = await startClaim(c, inTransfer.claimToken);
    // A transfer already started (the provider did not answer; retried later): expiry must never refund it.
    at(-MINUTE);
    await setAccountStatus(c, transferAccount, 'verified');
    const createTransfer = c.deps.payments.createTransfer.bind(c.deps.payments);
    c.deps.payments.createTransfer = async () => {
      throw new ProviderError('503 Service Unavailable', true);
    };
    try {
      expect(await payOutGift(c.deps, inTransfer.gift.id)).toMatchObject({ kind: 'failed' });
    } finally {
      c.deps.payments.createTransfer = createTransfer;
    }
    at(0);
    due.push(graceOver.gift);
    const pending = (await giftIn(c, 'pending')).gift;
    const untouched = [notYetDue.gift, claimed.gift, pending, inGrace.gift, inTransfer.gift];
    const cookie = await adminCookie(c);
    const sent = new Set((await c.flushEmails()).map((m) => m.id));
    const before = await c.db
      .select(giftRowColumns)
      .from(gifts)
      .where(
        inArray(
          gifts.id,
          untouched.map((g) => g.id),
        ),
      );

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.app.inject({ method: 'POST', url: '/api/admin/process-expired', headers: { cookie } }),
      ),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    const processed = answers.map((a) => (a.json() as { processed: number }).processed);
    expect(processed.reduce((a, b) => a + b, 0)).toBe(due.length);

    const rows = await c.db
      .select(giftRowColumns)
      .from(gifts)
      .where(
        inArray(
          gifts.id,
          due.map((g) => g.id),
        ),
      );
    const refunds = await c.db.select().from(sandboxRefunds);
    expect(refunds).toHaveLength(due.length);
    for (const g of due) {
      const row = rows.find((r) => r.id === g.id)!;
      expect(row.status).toBe('refunded');
      expect(row.expiredAt).not.toBeNull();
      expect(row.refundStartedAt).not.toBeNull();
      expect(row.refundedAt).not.toBeNull();
      expect(row.transferStartedAt).toBeNull();
      const refund = refunds.find((r) => r.idempotencyKey === `localhost-3000:${g.publicId}:refund`)!;
      expect(refund.paymentIntentId).toBe(g.paymentIntentId);
      // The gift amount only: the fee and the tip are kept.
      expect(refund.amountCents).toBe(g.amountCents);
      expect(await settledRefundRef(c.db, g.id)).toBe(refund.id);
    }
    expect(
      await c.db
        .select(giftRowColumns)
        .from(gifts)
        .where(
          inArray(
            gifts.id,
            untouched.map((g) => g.id),
          ),
        ),
    ).toEqual(before);

    const mail = (await c.flushEmails()).filter((m) => !sent.has(m.id));
    for (const g of due) {
      const toSender = mail.filter((m) => m.toAddress === g.senderEmail);
      expect(toSender).toHaveLength(1);
      expect(toSender[0]!.subject).toMatch(/^Your gift of \$\d+\.\d\d was refunded$/);
      expect(toSender[0]!.textBody).toContain('not refunded');
    }

    const again = await c.app.inject({ method: 'POST', url: '/api/admin/process-expired', headers: { cookie } });
    expect(again.json()).toEqual({ processed: 0 });
    const logged = await c.db.select().from(securityLog).where(eq(securityLog.event, 'admin.process_expired'));
    expect(logged).toHaveLength(6);

    // The provider answers again: the started transfer completes, and nothing was refunded for it.
    c.clock.advance(HOUR);
    await runReconciler(c.deps);
    expect((await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, inTransfer.gift.id)))[0]!.status).toBe(
      'claimed',
    );
  }, 300_000); // twenty gifts paid and claimed through the product: minutes under load

  it('is scheduled as a job at the configured interval (capped at the timer limit), and that job refunds what is due', async () => {
    const c = ctx();
    // What the test above left for later (a gift not yet due, a claim in its grace) is due in 8 days: done first.
    c.clock.advance(8 * DAY);
    await processExpired(c.deps);
    const { gift } = await givenGift(c);
    passExpiry(c, gift, MINUTE);
    const job = scheduledJobs(c.deps).find((j) => j.name === 'expiry')!;
    expect(job.intervalMs).toBe(c.deps.config.expiryIntervalMs);
    // A setting beyond what a timer can wait is capped rather than firing continuously.
    const far = scheduledJobs({ ...c.deps, config: { ...c.deps.config, expiryIntervalMs: 100_000 * 60_000 } }).find(
      (j) => j.name === 'expiry',
    )!;
    expect(far.intervalMs).toBe(2 ** 31 - 1);
    expect(await job.run()).toEqual({ processed: 1, failed: 0 });
    const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
    expect(row!.status).toBe('refunded');
  });

  it('leaves a paused job off the schedule (JOBS_PAUSED) and keeps the others', () => {
    const c = ctx();
    const all = scheduledJobs(c.deps).map((j) => j.name);
    expect(all).toContain('expiry');
    const paused = scheduledJobs({ ...c.deps, config: { ...c.deps.config, jobsPaused: ['expiry', 'reminders'] } });
    expect(paused.map((j) => j.name)).toEqual(all.filter((name) => name !== 'expiry' && name !== 'reminders'));
  });
});

// A provider whose refunds fail for chosen payment intents, to prove one failure neither stops the run nor is lost.
const failing = new Set<string>();
/** Payment intents whose refund is made and then never answered (the process died during the call). */
const crashAfterRefund = new Set<string>();
let createCalls: CreateRefundInput[] = [];

describeEachEngine(
  'process expired gifts when a refund fails',
  (ctx) => {
    it('logs the failure, refunds the rest, and the reconciler retries the failed gift after its backoff', async () => {
      const c = ctx();
      const ok1 = (await givenGift(c)).gift;
      const bad = (await givenGift(c)).gift;
      const ok2 = (await givenGift(c)).gift;
      passExpiry(c, ok2, MINUTE);
      failing.add(bad.paymentIntentId!);
      const warnings: unknown[] = [];
      const result = await processExpired(c.deps, { warn: (obj) => warnings.push(obj) });
      expect(result).toEqual({ processed: 2, failed: 1 });
      expect(warnings).toHaveLength(1);

      const status = async (id: number) => (await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, id)))[0]!;
      expect((await status(ok1.id)).status).toBe('refunded');
      expect((await status(ok2.id)).status).toBe('refunded');
      const stuck = await status(bad.id);
      expect(stuck.status).toBe('expired');
      expect(stuck.refundStartedAt).not.toBeNull();
      // A retryable failure is not yet an operator's business: the reconciler owns it.
      expect(stuck.needsAttention).toBeNull();
      const [movement] = (await movementsOf(c, bad.id)).filter((m) => m.kind === 'refund');
      expect(movement).toMatchObject({
        state: 'unknown',
        attempts: 1,
        lastError: 'card network down',
        failingSince: c.clock.now(),
      });
      expect(movement!.nextAttemptAt).toEqual(new Date(c.clock.now().getTime() + 30_000));

      // Inside the backoff: nothing happens; expiry does not pick it up again either.
      expect(await processExpired(c.deps)).toEqual({ processed: 0, failed: 0 });
      expect(await runReconciler(c.deps)).toEqual({ attempted: 0, succeeded: 0, retrying: 0, failed: 0 });
      failing.clear();
      c.clock.advance(31_000);
      expect(await runReconciler(c.deps)).toEqual({ attempted: 1, succeeded: 1, retrying: 0, failed: 0 });
      const done = await status(bad.id);
      expect(done.status).toBe('refunded');
      expect(done.needsAttention).toBeNull();
      expect(
        await c.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, bad.paymentIntentId!)),
      ).toHaveLength(1);
    });

    it('retries a failing refund with capped backoff for as long as it fails, flags it after 2 h, never gives up', async () => {
      const c = ctx();
      const { gift } = await givenGift(c);
      passExpiry(c, gift, MINUTE);
      failing.add(gift.paymentIntentId!);
      createCalls = [];
      await processExpired(c.deps);
      const flagged: boolean[] = [];
      // Twelve hours of failures, the reconciler running every 30 minutes (the backoff is capped at 10).
      for (let i = 0; i < 24; i++) {
        c.clock.advance(30 * MINUTE);
        await runReconciler(c.deps);
        const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
        flagged.push(row!.needsAttention !== null);
        expect(row!.status).toBe('expired');
      }
      const mine = createCalls.filter((call) => call.paymentIntentId === gift.paymentIntentId);
      expect(mine).toHaveLength(25);
      // Flagged from the attempt at 2 h on, and still retried after.
      expect(flagged.indexOf(true)).toBe(3);
      expect(flagged.slice(3).every(Boolean)).toBe(true);
      const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
      expect(row!.needsAttention).toMatch(
        /^Refund to the sender failing for \d+ minutes \(retried automatically\): card network down$/,
      );

      failing.delete(gift.paymentIntentId!);
      c.clock.advance(10 * MINUTE);
      expect(await runReconciler(c.deps)).toMatchObject({ succeeded: 1 });
      const [after] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
      expect(after).toMatchObject({ status: 'refunded', needsAttention: null });
      expect(
        await c.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!)),
      ).toHaveLength(1);
    });

    it('finishes a refund interrupted after the provider call without refunding twice', async () => {
      const c = ctx();
      const { gift } = await givenGift(c);
      passExpiry(c, gift, DAY);
      // The run dies after the provider made the refund, before it was recorded: the call never comes back.
      crashAfterRefund.add(gift.paymentIntentId!);
      void processExpired(c.deps);
      const refunded = () =>
        c.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!));
      while ((await refunded()).length === 0) await new Promise((r) => setTimeout(r, 20));
      const [earlier] = await refunded();
      crashAfterRefund.clear();
      // Its lease runs out before anyone looks again.
      c.clock.advance(5 * MINUTE);
      createCalls = [];
      expect(await processExpired(c.deps)).toEqual({ processed: 0, failed: 0 });
      expect(await runReconciler(c.deps)).toEqual({ attempted: 1, succeeded: 1, retrying: 0, failed: 0 });
      expect(createCalls).toHaveLength(0);
      const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
      expect(row!.status).toBe('refunded');
      expect(await settledRefundRef(c.db, gift.id)).toBe(earlier!.id);
      expect((await movementsOf(c, gift.id)).find((m) => m.kind === 'refund')).toMatchObject({
        state: 'succeeded',
        providerRef: earlier!.id,
        attempts: 2,
      });
      const emails = await c.db.select().from(outbox).where(eq(outbox.giftId, gift.id));
      expect(emails.filter((e) => e.kind === 'refund')).toHaveLength(1);
    });
  },
  {
    payments: ({ db, clock, config }) => {
      const sandbox = new SandboxProvider({ db, clock, publicUrl: config.publicUrl });
      const createRefund = sandbox.createRefund;
      sandbox.createRefund = async (input) => {
        createCalls.push(input);
        if (failing.has(input.paymentIntentId)) throw new ProviderError('card network down');
        const made = await createRefund(input);
        if (crashAfterRefund.has(input.paymentIntentId)) await new Promise(() => {});
        return made;
      };
      return sandbox;
    },
  },
);
