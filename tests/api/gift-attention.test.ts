// The attention items (decision 019, services/attention/items.ts): one open item per gift and reason however many
// callers raise it at once, closed by reason (and by a dispute's own prefix), reopened as a new item, with no
// e-mail address kept; an open item holds the payout job, a settled payout closes only the items it answers, and
// "Mark resolved" closes the items once when operators race.
import { and, eq } from 'drizzle-orm';
import { giftAttention } from '../../src/server/db/schema.js';
import { raiseAttention, resolveAttention } from '../../src/server/services/attention/items.js';
import { markAttentionResolved } from '../../src/server/services/admin/resolve-attention.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { MINUTE } from '../../src/server/clock.js';
import { holdWrites } from '../helpers/statement-barrier.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { paySandboxGift } from '../helpers/money.js';
import { claimableGift, complete, giftRow, setAccountStatus, startClaim, submitOnboarding } from '../helpers/claims.js';
import { openAttentionCodes } from '../helpers/gift-row.js';

const RACERS = 8;

/** Runs the calls at once: on PostgreSQL held at their first write to gift_attention and let go together. */
async function race<T>(c: TestContext, calls: Array<() => Promise<T>>): Promise<PromiseSettledResult<T>[]> {
  if (c.engine !== 'postgres') return Promise.allSettled(calls.map((call) => call()));
  const barrier = await holdWrites(c.database.url!, 'gift_attention');
  try {
    const running = calls.map((call) => call());
    await barrier.waitForWaiting(calls.length);
    await barrier.release();
    return await Promise.allSettled(running);
  } finally {
    await barrier.release();
  }
}

describeEachEngine('attention items', (ctx) => {
  const itemsOf = (giftId: number) =>
    ctx().db.select().from(giftAttention).where(eq(giftAttention.giftId, giftId)).orderBy(giftAttention.id);

  it(`raised by ${RACERS} callers at once is one open item, since the first raise, with a raise's detail`, async () => {
    const c = ctx();
    const { gift } = await paySandboxGift(c);
    const since = c.clock.now();
    const details = Array.from({ length: RACERS }, (_, i) => `Refund to the sender failed: attempt ${i}`);
    const results = await race(
      c,
      details.map((detail) => () => raiseAttention(c.db, gift.id, 'refund_failed', detail, since)),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const items = await itemsOf(gift.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ code: 'refund_failed', since, resolvedAt: null, resolvedBy: null });
    expect(details).toContain(items[0]!.detail);

    // Raised again later: the same item, its since kept, its detail the latest.
    c.clock.advance(MINUTE);
    await raiseAttention(c.db, gift.id, 'refund_failed', 'Refund to the sender failed: for good', c.clock.now());
    expect(await itemsOf(gift.id)).toMatchObject([
      { id: items[0]!.id, since, detail: 'Refund to the sender failed: for good' },
    ]);
  });

  it('closes by reason and by prefix, keeps closed items, and opens a new item when raised after', async () => {
    const c = ctx();
    const { gift } = await paySandboxGift(c);
    const now = c.clock.now();
    await raiseAttention(c.db, gift.id, 'dispute_open', 'Dispute dp_1 opened: respond.', now);
    await raiseAttention(c.db, gift.id, 'lost_email', 'The e-mail could not be sent.', now);
    expect(await openAttentionCodes(c.db, gift.id)).toEqual(['dispute_open', 'lost_email']);
    // Another dispute's prefix closes nothing.
    expect(await resolveAttention(c.db, gift.id, ['dispute_open'], { at: now, detailPrefix: 'Dispute dp_2 ' })).toEqual(
      [],
    );
    expect(await resolveAttention(c.db, gift.id, ['dispute_open'], { at: now, detailPrefix: 'Dispute dp_1 ' })).toEqual(
      [{ code: 'dispute_open', detail: 'Dispute dp_1 opened: respond.' }],
    );
    expect(await openAttentionCodes(c.db, gift.id)).toEqual(['lost_email']);
    expect((await giftRow(c, gift.id)).needsAttention).toBe('The e-mail could not be sent.');

    await raiseAttention(c.db, gift.id, 'dispute_open', 'Dispute dp_1 opened again.', now);
    const items = await itemsOf(gift.id);
    expect(items.map((i) => [i.code, i.resolvedAt === null])).toEqual([
      ['dispute_open', false],
      ['lost_email', true],
      ['dispute_open', true],
    ]);
    // Several open items read as one line, the oldest first.
    expect((await giftRow(c, gift.id)).needsAttention).toBe(
      'The e-mail could not be sent. · Dispute dp_1 opened again.',
    );
    expect(await resolveAttention(c.db, gift.id, 'all', { at: now })).toHaveLength(2);
    expect((await giftRow(c, gift.id)).needsAttention).toBeNull();
  });

  it('keeps no e-mail address in a detail', async () => {
    const c = ctx();
    const { gift } = await paySandboxGift(c);
    await raiseAttention(
      c.db,
      gift.id,
      'lost_email',
      `550 5.1.1 <${gift.recipientEmail}>: mailbox unavailable (to ${gift.recipientEmail})`,
      c.clock.now(),
    );
    const [item] = await itemsOf(gift.id);
    expect(item!.detail).toBe('550 5.1.1 <[address]>: mailbox unavailable (to [address])');
  });

  it('holds the payout job for a gift with an open item until it is resolved', async () => {
    const c = ctx();
    const { gift, claimToken } = await claimableGift(c);
    const account = await startClaim(c, claimToken);
    await submitOnboarding(c, account, 'pending', `http://localhost:3000/claim/${claimToken}?return=true`);
    expect((await complete(c, claimToken)).json()).toMatchObject({ success: false });
    await raiseAttention(c.db, gift.id, 'legacy', 'Checked by hand: wait.', c.clock.now());
    await setAccountStatus(c, account, 'verified');
    c.clock.advance(15 * MINUTE);
    await runPayouts(c.deps);
    expect((await giftRow(c, gift.id)).state).toBe('claim_started');

    await resolveAttention(c.db, gift.id, 'all', { at: c.clock.now() });
    c.clock.advance(15 * MINUTE);
    await runPayouts(c.deps);
    expect((await giftRow(c, gift.id)).state).toBe('claimed');
  });

  it('a settled payout closes the items it answers and keeps the others', async () => {
    const c = ctx();
    const { gift, claimToken } = await claimableGift(c);
    await setAccountStatus(c, await startClaim(c, claimToken), 'verified');
    await raiseAttention(
      c.db,
      gift.id,
      'payout_failed',
      'Transfer to the recipient failing for 130 minutes',
      c.clock.now(),
    );
    await raiseAttention(c.db, gift.id, 'fraud_warning_after_payout', 'An early fraud warning.', c.clock.now());
    expect((await complete(c, claimToken)).json()).toMatchObject({ success: true });
    expect((await giftRow(c, gift.id)).status).toBe('claimed');
    const items = await itemsOf(gift.id);
    expect(items.map((i) => [i.code, i.resolvedAt?.getTime() ?? null, i.resolvedBy])).toEqual([
      ['payout_failed', c.clock.now().getTime(), null],
      ['fraud_warning_after_payout', null, null],
    ]);
  });

  it(`"Mark resolved" by ${RACERS} operators at once closes the items once`, async () => {
    const c = ctx();
    const { gift } = await paySandboxGift(c);
    await raiseAttention(c.db, gift.id, 'reversed_transfer', 'Transfer tr_1 was reversed.', c.clock.now());
    const actor = { id: 1, email: 'owner@example.com', ip: '127.0.0.1' };
    // Each locks the gift first, so they queue there (not at gift_attention): started together on the pool.
    const results = await Promise.allSettled(
      Array.from({ length: RACERS }, () => markAttentionResolved(c.deps, gift.id, actor)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected'))
      expect(r.reason).toMatchObject({ statusCode: 409, message: `Gift #${gift.id} is not on the attention list.` });
    const closed = await c.db
      .select()
      .from(giftAttention)
      .where(and(eq(giftAttention.giftId, gift.id), eq(giftAttention.code, 'reversed_transfer')));
    expect(closed).toMatchObject([{ resolvedBy: 1, resolvedAt: c.clock.now() }]);
  });
});
