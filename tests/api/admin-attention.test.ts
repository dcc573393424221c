// The admin's Money section and Needs attention list (decision 017), on each engine: the ledger's totals to the
// cent after paid, claimed, refunded and disputed gifts (from the running totals, equal to the movements); every gift an
// operator must look at, with reason and age; and the actions "Retry now", "Refund sender" (exactly once under
// parallel clicks) and "Mark resolved", each behind the admin session and the cross-site check, each recorded in
// the security log with the admin's id.
import { and, eq } from 'drizzle-orm';
import { admins, ledgerMovements, outbox, sandboxRefunds, securityLog } from '../../src/server/db/schema.js';
import { HOUR, MINUTE } from '../../src/server/clock.js';
import { ProviderError } from '../../src/server/payments/provider.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { FROZEN_REASON } from '../../src/server/services/claims/claim.js';
import { feeCents, parseMoney } from '../../src/shared/money.js';
import type { AdminMoney, AttentionList } from '../../src/shared/schemas/admin-money.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import { complete, giftRow, setAccountStatus, startClaim } from '../helpers/claims.js';
import { checkLedger, movementsOf, paySandboxGift, settledRefundRef } from '../helpers/money.js';
import { expiredGift, frozenGift, givenGift, mismatchedGift, openGiftDispute } from '../helpers/gifts.js';
import { closeDispute, refundPayment } from '../../src/server/payments/sandbox/console-actions.js';
import { MOVEMENT_REFUSED, failNextMovement } from '../../src/server/payments/sandbox/faults.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

describeEachEngine('admin money and attention', (ctx) => {
  let cookie: string;
  let adminId: number;
  beforeAll(async () => {
    await setupAdmin(ctx());
    adminId = (await ctx().db.select({ id: admins.id }).from(admins))[0]!.id;
  });
  // Tests move the clock past the session's idle time: a fresh session each.
  beforeEach(async () => {
    cookie = await adminCookie(ctx());
  });

  const get = async <T>(url: string) => {
    const res = await ctx().app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const act = (giftId: number, action: 'retry-movement' | 'refund-sender' | 'resolve-attention') =>
    ctx().app.inject({ method: 'POST', url: `/api/admin/gifts/${giftId}/${action}`, headers: { cookie } });
  const money = async () => {
    const m = await get<AdminMoney>('/api/admin/money');
    return Object.fromEntries(
      Object.entries(m).map(([k, v]) => [k, parseMoney(v.replace('-', ''))! * (v.startsWith('-') ? -1 : 1)]),
    );
  };
  const listed = async () => get<AttentionList>('/api/admin/attention');
  const itemOf = async (giftId: number) => (await listed()).items.find((i) => i.giftId === giftId);
  const logged = (event: string) => ctx().db.select().from(securityLog).where(eq(securityLog.event, event));

  /** A refund call that fails at the provider with a retryable error, `times` times. */
  function failRefunds(c: TestContext, times: number) {
    const payments = c.deps.payments;
    const real = payments.createRefund.bind(payments);
    let left = times;
    payments.createRefund = async (input) => {
      if (left-- > 0) throw new ProviderError('503 Service Unavailable', true);
      return real(input);
    };
    return () => (payments.createRefund = real);
  }

  it('shows the ledger totals to the cent after paid, claimed, refunded and disputed gifts', async () => {
    const before = await money();
    const c = ctx();
    const paid = (await paySandboxGift(c, { amountCents: 1234, tipCents: 56 })).gift;
    const claimed = await paySandboxGift(c, { amountCents: 7000, tipCents: 0 });
    const account = await startClaim(c, claimed.claimToken, 'Rex');
    await setAccountStatus(c, account, 'verified');
    expect((await complete(c, claimed.claimToken)).json()).toMatchObject({ success: true });
    const refunded = (await paySandboxGift(c, { amountCents: 2500, tipCents: 300 })).gift;
    expect((await act(refunded.id, 'refund-sender')).statusCode).toBe(200);
    expect((await giftRow(c, refunded.id)).status).toBe('refunded');

    // A card dispute lost on a paid gift: the provider took the whole charge; what the gift held covers it.
    const disputed = (await paySandboxGift(c, { amountCents: 1800, tipCents: 100 })).gift;
    for (const kind of ['dispute_opened', 'dispute_lost'] as const) {
      await handleProviderEvent(c.deps, {
        id: `evt_${kind}_${disputed.id}`,
        kind,
        disputeRef: `dp_${disputed.publicId}`,
        paymentRef: disputed.paymentIntentId,
        chargeRef: disputed.chargeId,
        amountCents: disputed.totalCents,
        reason: 'fraudulent',
      });
    }
    expect((await giftRow(c, disputed.id)).status).toBe('disputed');

    const after = await money();
    const delta = (k: string) => after[k]! - before[k]!;
    const fees = feeCents(1234) + feeCents(7000) + feeCents(2500);
    expect({
      collected: delta('collected'),
      owedToRecipients: delta('owedToRecipients'),
      paidOut: delta('paidOut'),
      refunded: delta('refunded'),
      fees: delta('fees'),
      tips: delta('tips'),
      disputed: delta('disputed'),
    }).toEqual({
      collected: 1234 + 56 + 7000 + 2500 + 300 + fees + disputed.totalCents,
      owedToRecipients: 1234,
      paidOut: 7000,
      refunded: 2500,
      // The disputed gift's fee and tip went to cover the dispute.
      fees,
      tips: 56 + 300,
      disputed: disputed.totalCents,
    });
    // The running totals the section reads agree with the movements (one of the ledger's invariants).
    expect((await checkLedger(c)).violations).toEqual([]);
    expect(await get('/api/admin/money')).toMatchObject({ owedToRecipients: expect.stringMatching(/^\d+\.\d\d$/) });
    expect(paid.status).toBe('paid');
  });

  it('lists flagged gifts, frozen claims and failed movements with reason and age, and nothing else', async () => {
    const c = ctx();
    const quiet = (await givenGift(c)).gift;
    // Paid 49.00 for a 50.00 gift: held for an operator.
    const flagged = await mismatchedGift(c, 4900);
    c.clock.advance(10 * MINUTE);
    const frozen = (await frozenGift(c)).gift;
    // A refund the provider refused for good: the failed movement lists it, beside the reconciler's flag.
    const failed = (await expiredGift(c)).gift;
    c.clock.advance(HOUR);
    cookie = await adminCookie(c);
    const since = (paidAt: Date | null) => (c.clock.now().getTime() - paidAt!.getTime()) / 1000;

    const list = await listed();
    const ids = list.items.map((i) => i.giftId);
    expect(ids).not.toContain(quiet.id);
    expect(list.total).toBe(list.items.length);
    const item = (id: number) => list.items.find((i) => i.giftId === id)!;
    expect(item(flagged.id)).toMatchObject({
      status: 'paid',
      amount: '50.00',
      reason: flagged.needsAttention,
      causes: ['flagged'],
      canRetry: false,
      canRefund: true,
      canResolve: true,
      // A one-person gift is no group's share (a share names its group: together-money.test.ts).
      group: null,
    });
    // Age: since the gift's latest money event (its payment), on the app's clock.
    expect(item(flagged.id).ageSeconds).toBe(since(flagged.paidAt));
    expect(item(frozen.id)).toMatchObject({
      reason: FROZEN_REASON,
      causes: ['flagged', 'frozen_claim'],
      // A frozen claim waits since it froze.
      ageSeconds: HOUR / 1000,
      canRefund: true,
      canResolve: false,
    });
    expect(item(failed.id)).toMatchObject({
      status: 'expired',
      reason: `Refund to the sender failed: ${MOVEMENT_REFUSED}`,
      causes: ['flagged', 'failed_movement'],
      ageSeconds: HOUR / 1000,
      canRetry: true,
      canRefund: false,
      canResolve: false,
    });
    // Longest waiting first.
    expect(ids.indexOf(flagged.id)).toBeLessThan(ids.indexOf(frozen.id));
    expect((await checkLedger(c)).violations).toEqual([]);
  });

  it('Mark resolved clears a flag and records who did it; refused while the cause remains', async () => {
    const c = ctx();
    const flagged = await mismatchedGift(c, 5000);
    const reason = flagged.needsAttention;
    expect(await itemOf(flagged.id)).toBeDefined();

    const res = await act(flagged.id, 'resolve-attention');
    expect(res.statusCode, res.body).toBe(200);
    expect((await giftRow(c, flagged.id)).needsAttention).toBeNull();
    expect(await itemOf(flagged.id)).toBeUndefined();
    const entry = (await logged('admin.resolve_attention')).find(
      (e) => (e.detail as { giftId: number }).giftId === flagged.id,
    );
    expect(entry).toMatchObject({ actor: 'owner@example.com', detail: { adminId, giftId: flagged.id, reason } });

    const again = await act(flagged.id, 'resolve-attention');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Gift #${flagged.id} is not on the attention list.`);

    const frozen = (await frozenGift(c)).gift;
    cookie = await adminCookie(c); // a day has passed
    const refusedFrozen = await act(frozen.id, 'resolve-attention');
    expect(refusedFrozen.statusCode).toBe(409);
    expect(refusedFrozen.json().message).toMatch(
      /claim is frozen: use "Unfreeze claim" in the gift list, or refund the sender/,
    );
    expect((await giftRow(c, frozen.id)).needsAttention).toBe(FROZEN_REASON);

    const failed = (await expiredGift(c)).gift;
    const refusedFailed = await act(failed.id, 'resolve-attention');
    expect(refusedFailed.statusCode).toBe(409);
    expect(refusedFailed.json().message).toMatch(/payout or refund has failed: retry it/);

    expect((await act(999_999, 'resolve-attention')).statusCode).toBe(404);
  });

  it('Refund sender: parallel clicks make one refund, recorded with the admin; refused once the money is decided', async () => {
    const c = ctx();
    // Any gift whose money is undecided can be refunded by an operator, on the attention list or not.
    const { gift } = await paySandboxGift(c, { amountCents: 4321, tipCents: 200 });

    const answers = await Promise.all(Array.from({ length: 4 }, () => act(gift.id, 'refund-sender')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toEqual({
      success: true,
      message: 'Refund made; the sender has been told.',
    });
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().message).toBe(`Gift #${gift.id} is already being refunded (or was refunded).`);
    }
    const refunds = await c.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!));
    expect(refunds.map((r) => r.amountCents)).toEqual([4321]);
    const row = await giftRow(c, gift.id);
    expect(row).toMatchObject({ status: 'refunded', needsAttention: null });
    expect(await settledRefundRef(c.db, gift.id)).toBe(refunds[0]!.id);
    expect((await movementsOf(c, gift.id)).filter((m) => m.kind === 'refund')).toHaveLength(1);
    const entries = (await logged('admin.refund_sender')).filter(
      (e) => (e.detail as { giftId: number }).giftId === gift.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'owner@example.com',
      detail: { adminId, giftId: gift.id, amountCents: 4321 },
    });
    const [mail] = await c.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.giftId, gift.id), eq(outbox.kind, 'refund')));
    expect(mail!.textBody).toContain('Our support team has refunded your anonymous gift of $43.21');
    expect(await itemOf(gift.id)).toBeUndefined();

    // A claimed gift's money went to the recipient: refused, nothing changes.
    const claimed = await paySandboxGift(c);
    const account = await startClaim(c, claimed.claimToken, 'Rex');
    await setAccountStatus(c, account, 'verified');
    await complete(c, claimed.claimToken);
    const refused = await act(claimed.gift.id, 'refund-sender');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Gift #${claimed.gift.id} cannot be refunded: its payout to the recipient has already started.`,
    );
    expect((await giftRow(c, claimed.gift.id)).status).toBe('claimed');
    expect((await act(999_999, 'refund-sender')).statusCode).toBe(404);

    // A card dispute is open: it decides where the money goes, not the operator.
    const contested = (await paySandboxGift(c)).gift;
    const dispute = await openGiftDispute(c, contested);
    expect((await itemOf(contested.id))?.canRefund).toBe(false);
    const whileDisputed = await act(contested.id, 'refund-sender');
    expect(whileDisputed.statusCode).toBe(409);
    expect(whileDisputed.json().message).toBe(
      `Gift #${contested.id} cannot be refunded while a card dispute on its payment is open: the dispute decides where the money goes.`,
    );
    expect((await giftRow(c, contested.id)).status).toBe('paid');
    await closeDispute(c.sandbox, dispute, 'won');
    expect((await checkLedger(c)).violations).toEqual([]);
  });

  it('Retry now attempts the waiting refund at once; parallel clicks make one attempt', async () => {
    const c = ctx();
    const { gift } = await paySandboxGift(c, { amountCents: 3000 });
    const restore = failRefunds(c, 1);
    try {
      const requested = await act(gift.id, 'refund-sender');
      expect(requested.json().message).toBe(
        'Refund requested; the provider did not answer, so it is retried automatically.',
      );
    } finally {
      restore();
    }
    const [open] = (await movementsOf(c, gift.id)).filter((m) => m.kind === 'refund');
    expect(open).toMatchObject({ state: 'unknown' });
    expect(open!.nextAttemptAt!.getTime()).toBeGreaterThan(c.clock.now().getTime());

    const answers = await Promise.all([act(gift.id, 'retry-movement'), act(gift.id, 'retry-movement')]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toEqual({ outcome: 'succeeded', message: 'Refund to the sender made.' });
    const busy = answers.find((a) => a.statusCode !== 200)!;
    expect(busy.statusCode).toBe(409);
    expect(
      (await c.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!)))
        .length,
    ).toBe(1);
    expect((await giftRow(c, gift.id)).status).toBe('refunded');
    const entries = (await logged('admin.retry_movement')).filter(
      (e) => (e.detail as { giftId: number }).giftId === gift.id,
    );
    expect(entries.map((e) => e.detail)).toEqual([
      { adminId, giftId: gift.id, movement: 'refund', outcome: 'succeeded' },
    ]);

    const nothing = await act(gift.id, 'retry-movement');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(`Gift #${gift.id} has no payout or refund waiting to be retried.`);
    expect((await act(999_999, 'retry-movement')).statusCode).toBe(404);
  });

  it('Retry now reopens a failed movement, which fails again with its reason', async () => {
    const c = ctx();
    const { gift } = await expiredGift(c);
    await failNextMovement(c.deps, gift.publicId); // the provider refuses it again
    const res = await act(gift.id, 'retry-movement');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'failed',
      message: `Refund to the sender was refused: ${MOVEMENT_REFUSED}`,
    });
    const [movement] = await c.db
      .select()
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.giftId, gift.id), eq(ledgerMovements.kind, 'refund')));
    expect(movement).toMatchObject({ state: 'failed', attempts: 2 });
    expect((await itemOf(gift.id))?.causes).toEqual(['flagged', 'failed_movement']);
  });

  it('Retry now leaves a cancelled movement alone (no longer needed: it is never sent)', async () => {
    const c = ctx();
    // The sender's refund is waiting for a retry when the whole payment is refunded in the provider's dashboard:
    // Hushgift's own refund is no longer needed, and the reconciler cancels it.
    const { gift } = await paySandboxGift(c, { amountCents: 2000 });
    const restore = failRefunds(c, 1);
    try {
      await act(gift.id, 'refund-sender');
    } finally {
      restore();
    }
    await refundPayment(c.sandbox, gift.paymentIntentId!);
    c.clock.advance(HOUR);
    await runReconciler(c.deps);
    cookie = await adminCookie(c);
    expect((await movementsOf(c, gift.id)).find((m) => m.origin === 'hushgift' && m.kind === 'refund')).toMatchObject({
      state: 'cancelled',
    });
    // Settled by the dashboard's refund: nothing on the list, nothing to retry.
    expect(await itemOf(gift.id)).toBeUndefined();
    const res = await act(gift.id, 'retry-movement');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Gift #${gift.id} has no payout or refund waiting to be retried.`);
  });

  it('needs the admin session, and refuses cross-site requests', async () => {
    const flagged = await mismatchedGift(ctx(), 100);
    const gift = flagged;
    for (const url of ['/api/admin/money', '/api/admin/attention']) {
      expect((await ctx().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    for (const action of ['retry-movement', 'refund-sender', 'resolve-attention']) {
      const url = `/api/admin/gifts/${gift.id}/${action}`;
      expect((await ctx().app.inject({ method: 'POST', url })).statusCode).toBe(401);
      const crossSite = await ctx().app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
    }
    expect((await giftRow(ctx(), gift.id)).needsAttention).toBe(flagged.needsAttention);
  });
});
