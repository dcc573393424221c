// The outage that used to park a gift forever: the provider fails with retryable errors for 3 hours right as a
// claimed gift's transfer starts. The reconciler keeps retrying with capped backoff (never parking it), the
// gift joins the attention list after 2 hours, and when the provider recovers it is paid out exactly once;
// 40 more days of expiry and reconciler runs change nothing.
import { eq } from 'drizzle-orm';
import { gifts, sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import { DAY, MINUTE } from '../../src/server/clock.js';
import { startOutage } from '../../src/server/payments/sandbox/faults.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { complete, giftRow, setAccountStatus, startClaim } from '../helpers/claims.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { checkLedger, movementsOf, paySandboxGift } from '../helpers/money.js';

describeEachEngine('a 3 hour provider outage during a payout', (ctx) => {
  it('retries without parking, flags the gift after 2 h, pays out once on recovery, and stays paid out', async () => {
    const c = ctx();
    const { gift, claimToken } = await paySandboxGift(c, { amountCents: 6400 });
    const account = await startClaim(c, claimToken, 'Rex');
    await setAccountStatus(c, account, 'verified');

    // The account check passes; the provider's money endpoints are down for the next 3 hours (the sandbox's
    // outage, as the console's "Fail for N minutes" starts it).
    await startOutage(c.deps, 3 * 60);
    const res = await complete(c, claimToken);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toMatch(/retry automatically/);

    const movement = async () => (await movementsOf(c, gift.id)).find((m) => m.kind === 'transfer')!;
    const flaggedAt: number[] = [];
    let attemptsAt2h = 0;
    for (let minute = 5; minute < 3 * 60; minute += 5) {
      c.clock.advance(5 * MINUTE);
      await runReconciler(c.deps);
      await runPayouts(c.deps);
      await processExpired(c.deps);
      const m = await movement();
      const row = await giftRow(c, gift.id);
      // Never parked: open, due again within the backoff cap.
      expect(m.state).toBe('unknown');
      expect(m.nextAttemptAt!.getTime() - c.clock.now().getTime()).toBeLessThanOrEqual(10 * MINUTE);
      expect(row.status).toBe('paid');
      if (row.needsAttention) flaggedAt.push(minute);
      if (minute === 120) attemptsAt2h = m.attempts;
    }
    expect(flaggedAt[0]).toBe(120);
    expect(flaggedAt).toHaveLength(12);
    expect((await giftRow(c, gift.id)).needsAttention).toMatch(
      /^Transfer to the recipient failing for \d+ minutes \(retried automatically\): .*503/,
    );
    // Capped backoff: 30 s doubling to 10 min → about one attempt per 10 minutes once capped.
    expect(attemptsAt2h).toBeGreaterThanOrEqual(12);
    expect(attemptsAt2h).toBeLessThanOrEqual(24);

    // Recovery: the next run pays out, once, and clears the flag.
    c.clock.advance(10 * MINUTE);
    expect(await runReconciler(c.deps)).toMatchObject({ succeeded: 1 });
    const after = await giftRow(c, gift.id);
    expect(after).toMatchObject({ status: 'claimed', needsAttention: null });
    const transfers = await c.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.transferGroup, gift.publicId));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amountCents).toBe(6400);
    expect(after.transferId).toBe(transfers[0]!.id);

    // 40 more days of every job: nothing moves again.
    for (let day = 1; day <= 40; day++) {
      c.clock.advance(DAY);
      await runReconciler(c.deps);
      await runPayouts(c.deps);
      await processExpired(c.deps);
    }
    expect((await giftRow(c, gift.id)).status).toBe('claimed');
    expect(
      await c.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, gift.publicId)),
    ).toHaveLength(1);
    expect(
      await c.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!)),
    ).toHaveLength(0);
    const [m] = await c.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(m!.refundStartedAt).toBeNull();
    expect((await checkLedger(c)).violations).toEqual([]);
  });
});
