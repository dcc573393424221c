// Expiry: due gifts move paid → expired → refunded exactly once under parallel runs; the gift amount is refunded
// (fee and tip kept) with the gift's idempotency key; the sender is told; nothing else is touched; a failing
// refund is left to the reconciler, retried for as long as it fails (flagged after 2 h), without stopping the rest.
import { eq, inArray } from 'drizzle-orm';
import { gifts, outbox, sandboxRefunds, securityLog } from '../../src/server/db/schema.js';
import { DAY, HOUR, MINUTE } from '../../src/server/clock.js';
import { scheduledJobs } from '../../src/server/jobs/index.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { postMovement } from '../../src/server/services/ledger/post.js';
import { movementsOf } from '../helpers/money.js';
import { SandboxProvider } from '../../src/server/payments/sandbox/provider.js';
import { ProviderError, type CreateRefundInput } from '../../src/server/payments/provider.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import { seedGift } from '../helpers/seed.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const ago = (ctx: TestContext, ms: number) => new Date(ctx.clock.now().getTime() - ms);

describeEachEngine('process expired gifts', (ctx) => {
  it('refunds each due gift once across 5 parallel calls and leaves everything else alone', async () => {
    const c = ctx();
    await setupAdmin(c);
    const cookie = await adminCookie(c);

    const due = [];
    for (let i = 0; i < 12; i++) {
      due.push(
        (
          await seedGift(c, {
            amountCents: 5000 + i,
            tipCents: 300,
            expiresAt: ago(c, (i + 1) * MINUTE),
            senderEmail: `due${i}@example.com`,
          })
        ).gift,
      );
    }
    // A claim started before expiry, past its 7 days of grace: due as well.
    due.push(
      (
        await seedGift(c, {
          expiresAt: ago(c, 8 * DAY),
          claimStartedAt: ago(c, 9 * DAY),
          senderEmail: 'graceover@example.com',
        })
      ).gift,
    );

    const untouched = [
      (await seedGift(c, { expiresAt: new Date(c.clock.now().getTime() + DAY) })).gift, // not yet due
      (await seedGift(c, { status: 'claimed', expiresAt: ago(c, DAY), claimedAt: ago(c, 2 * DAY) })).gift,
      (await seedGift(c, { status: 'pending', expiresAt: null })).gift,
      // Onboarding started before expiry, still inside the grace period.
      (await seedGift(c, { expiresAt: ago(c, 3 * DAY), claimStartedAt: ago(c, 4 * DAY) })).gift,
      // A transfer already started: expiry must never refund it.
      (
        await seedGift(c, {
          expiresAt: ago(c, DAY),
          claimStartedAt: ago(c, 2 * DAY),
          transferStartedAt: ago(c, MINUTE),
        })
      ).gift,
    ];
    const before = await c.db
      .select()
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
      .select()
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
      expect(row.refundId).toBe(refund.id);
    }
    expect(
      await c.db
        .select()
        .from(gifts)
        .where(
          inArray(
            gifts.id,
            untouched.map((g) => g.id),
          ),
        ),
    ).toEqual(before);

    const mail = await c.flushEmails();
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
  });

  it('is scheduled as a job at the configured interval (capped at the timer limit), and that job refunds what is due', async () => {
    const c = ctx();
    const { gift } = await seedGift(c, { expiresAt: ago(c, MINUTE) });
    const job = scheduledJobs(c.deps).find((j) => j.name === 'expiry')!;
    expect(job.intervalMs).toBe(c.deps.config.expiryIntervalMs);
    // A setting beyond what a timer can wait is capped rather than firing continuously.
    const far = scheduledJobs({ ...c.deps, config: { ...c.deps.config, expiryIntervalMs: 100_000 * 60_000 } }).find(
      (j) => j.name === 'expiry',
    )!;
    expect(far.intervalMs).toBe(2 ** 31 - 1);
    expect(await job.run()).toEqual({ processed: 1, failed: 0 });
    const [row] = await c.db.select().from(gifts).where(eq(gifts.id, gift.id));
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
let createCalls: CreateRefundInput[] = [];

describeEachEngine(
  'process expired gifts when a refund fails',
  (ctx) => {
    it('logs the failure, refunds the rest, and the reconciler retries the failed gift after its backoff', async () => {
      const c = ctx();
      const ok1 = (await seedGift(c, { expiresAt: ago(c, MINUTE) })).gift;
      const bad = (await seedGift(c, { expiresAt: ago(c, MINUTE) })).gift;
      const ok2 = (await seedGift(c, { expiresAt: ago(c, MINUTE) })).gift;
      failing.add(bad.paymentIntentId!);
      const warnings: unknown[] = [];
      const result = await processExpired(c.deps, { warn: (obj) => warnings.push(obj) });
      expect(result).toEqual({ processed: 2, failed: 1 });
      expect(warnings).toHaveLength(1);

      const status = async (id: number) => (await c.db.select().from(gifts).where(eq(gifts.id, id)))[0]!;
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
      const { gift } = await seedGift(c, { expiresAt: ago(c, MINUTE) });
      failing.add(gift.paymentIntentId!);
      createCalls = [];
      await processExpired(c.deps);
      const flagged: boolean[] = [];
      // Twelve hours of failures, the reconciler running every 30 minutes (the backoff is capped at 10).
      for (let i = 0; i < 24; i++) {
        c.clock.advance(30 * MINUTE);
        await runReconciler(c.deps);
        const [row] = await c.db.select().from(gifts).where(eq(gifts.id, gift.id));
        flagged.push(row!.needsAttention !== null);
        expect(row!.status).toBe('expired');
      }
      const mine = createCalls.filter((call) => call.paymentIntentId === gift.paymentIntentId);
      expect(mine).toHaveLength(25);
      // Flagged from the attempt at 2 h on, and still retried after.
      expect(flagged.indexOf(true)).toBe(3);
      expect(flagged.slice(3).every(Boolean)).toBe(true);
      const [row] = await c.db.select().from(gifts).where(eq(gifts.id, gift.id));
      expect(row!.needsAttention).toMatch(
        /^Refund to the sender failing for \d+ minutes \(retried automatically\): card network down$/,
      );

      failing.delete(gift.paymentIntentId!);
      c.clock.advance(10 * MINUTE);
      expect(await runReconciler(c.deps)).toMatchObject({ succeeded: 1 });
      const [after] = await c.db.select().from(gifts).where(eq(gifts.id, gift.id));
      expect(after).toMatchObject({ status: 'refunded', needsAttention: null });
      expect(
        await c.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!)),
      ).toHaveLength(1);
    });

    it('finishes a refund interrupted after the provider call without refunding twice', async () => {
      const c = ctx();
      const { gift } = await seedGift(c, { expiresAt: ago(c, DAY) });
      const key = `localhost-3000:${gift.publicId}:refund`;
      // As if a run crashed after expiring the gift and refunding it, before recording the refund.
      const earlier = await c.deps.payments.createRefund({
        paymentIntentId: gift.paymentIntentId!,
        amountCents: gift.amountCents,
        idempotencyKey: key,
        metadata: {},
      });
      await c.db
        .update(gifts)
        .set({ state: 'refunding', expiredAt: ago(c, HOUR), refundStartedAt: ago(c, HOUR) })
        .where(eq(gifts.id, gift.id));
      await postMovement(c.db, {
        giftId: gift.id,
        kind: 'refund',
        amountCents: gift.amountCents,
        idempotencyKey: key,
        state: 'in_flight',
        nextAttemptAt: ago(c, 55 * MINUTE),
        now: ago(c, HOUR),
      });
      createCalls = [];
      expect(await processExpired(c.deps)).toEqual({ processed: 0, failed: 0 });
      expect(await runReconciler(c.deps)).toEqual({ attempted: 1, succeeded: 1, retrying: 0, failed: 0 });
      expect(createCalls).toHaveLength(0);
      const [row] = await c.db.select().from(gifts).where(eq(gifts.id, gift.id));
      expect(row!.status).toBe('refunded');
      expect(row!.refundId).toBe(earlier.id);
      expect((await movementsOf(c, gift.id))[0]).toMatchObject({
        state: 'succeeded',
        providerRef: earlier.id,
        attempts: 1,
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
        return createRefund(input);
      };
      return sandbox;
    },
  },
);
