// Operator blocks (decision 024, issue 24 point 5): a blocked recipient address is refused before payment with a
// neutral 409; a payment from a blocked payer identity (its e-mail, card or client address) is refunded whole at
// once, nobody told of a gift. Blocking and unblocking are money actions (a recent check, an audit row), each done
// once however many clicks race; a blocked payer's payment delivered many times at once is refunded once, and the
// books balance, on both engines.
import { and, eq, sql } from 'drizzle-orm';
import { adminAudit, gifts, ledgerMovements, riskBlocks, securityLog } from '../../src/server/db/schema.js';
import type { WebhookHeaders } from '../../src/server/payments/provider.js';
import { completeCheckout } from '../../src/server/payments/sandbox/checkout-completion.js';
import { findCheckout } from '../../src/server/payments/sandbox/checkout.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import { giftPayload, postGift } from '../helpers/gift-payload.js';
import { giftRowById, pendingGift } from '../helpers/gifts.js';
import { ledgerViolations } from '../helpers/ledger-check.js';
import { groupPayload, startGroupRequest } from '../helpers/together.js';
import { giftPaidBy, payWithCard, reviewOf } from '../helpers/risk.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { giftRowColumns } from '../helpers/gift-row.js';

const RACERS = 8;
const BLOCKED_CARD = '5555555555554444';
/** The blocked payer starts their gifts from their own address; every other gift of the file from the test client's. */
const PAYER_ADDRESS = '203.0.113.44';

describeEachEngine('risk: blocks', (ctx) => {
  let cookie = '';
  beforeAll(async () => {
    await setupAdmin(ctx());
  });
  beforeEach(async () => {
    cookie = await adminCookie(ctx());
  });
  const admin = (c: TestContext, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    c.app.inject({ method, url, payload, headers: { cookie, origin: 'http://localhost:3000' } });
  const blocks = async () =>
    (await admin(ctx(), 'GET', '/api/admin/risk/blocks')).json() as {
      blocks: Array<{ id: number; kind: string; label: string; giftId: number | null; source: string }>;
    };

  /** A gift started from the blocked payer's own address and paid with their card. */
  async function paidByPayer(c: TestContext, email: string) {
    const res = await c.app.inject({
      method: 'POST',
      url: '/api/gifts',
      payload: giftPayload({ recipientEmail: `friend.${c.engine}.${Date.now()}@example.com` }),
      remoteAddress: PAYER_ADDRESS,
    });
    expect(res.statusCode).toBe(201);
    const checkoutUrl = new URL(res.json().checkoutUrl as string);
    const [gift] = await c.db
      .select(giftRowColumns)
      .from(gifts)
      .where(eq(gifts.checkoutSessionId, checkoutUrl.pathname.split('/').pop()!));
    expect(await payWithCard(c, { gift: gift!, checkoutUrl }, { name: 'Pat Blocked', email }, BLOCKED_CARD)).toBe(303);
    return giftRowById(c, gift!.id);
  }

  /** The gift was refunded whole at once: one refund of its whole charge, its review rejected by the rule. */
  async function expectRefundedWhole(c: TestContext, giftId: number, payerEmail: string) {
    expect((await giftRowById(c, giftId)).state).toBe('refunding');
    await runReconciler(c.deps);
    const row = await giftRowById(c, giftId);
    expect(row.state).toBe('refunded');
    const refunds = await c.db
      .select()
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.giftId, giftId), eq(ledgerMovements.kind, 'refund')));
    expect(refunds).toEqual([expect.objectContaining({ amountCents: row.totalCents, state: 'succeeded' })]);
    expect(await reviewOf(c, giftId)).toMatchObject({ decision: 'rejected', reasons: ['payer_blocked'] });
    // No claim e-mail, no receipt: the sender is told only that the payment was refunded.
    expect(await c.flushEmails(row.recipientEmail!)).toEqual([]);
    const refundNotices = (await c.flushEmails(payerEmail)).filter((m) => / was refunded$/.test(m.subject));
    expect(refundNotices.map((m) => m.subject)).toEqual([
      `Your payment of $${(row.totalCents / 100).toFixed(2)} was refunded`,
    ]);
    expect(refundNotices[0]!.textBody).not.toMatch(/block|risk|fraud|review/i);
  }

  it('refuses a gift to a blocked address before payment, neutrally; a racing block is made once; unblock lets it through', async () => {
    const address = `blocked.recipient.${ctx().engine}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        admin(ctx(), 'POST', '/api/admin/risk/blocks/recipient', { email: address }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(RACERS).fill(200));
    expect(answers.filter((a) => a.json().changed === true)).toHaveLength(1);

    for (const variant of [address, address.toUpperCase(), address.replace('@', '+again@')]) {
      const refused = await postGift(ctx(), giftPayload({ recipientEmail: variant }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('RECIPIENT_UNAVAILABLE');
      expect(refused.json().message).not.toMatch(/block|fraud|risk|stopp|accept/i);
    }
    const group = await startGroupRequest(ctx(), groupPayload({ recipientEmail: address }));
    expect(group.statusCode).toBe(409);
    expect(group.json().code).toBe('RECIPIENT_UNAVAILABLE');
    const [stored] = await ctx()
      .db.select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(gifts)
      .where(sql`lower(${gifts.recipientEmail}) like ${'blocked.recipient.%'}`);
    expect(stored!.n).toBe(0);
    expect((await postGift(ctx(), giftPayload())).statusCode).toBe(201);

    // The list shows the block without the address; the dashboard's audit log and the security log name the admin.
    const listRes = await admin(ctx(), 'GET', '/api/admin/risk/blocks');
    expect(listRes.body).not.toContain(address);
    const block = (await blocks()).blocks.find((b) => b.kind === 'recipient')!;
    expect(block).toMatchObject({ label: 'b…@example.com', source: 'operator', giftId: null });
    const audit = await ctx().db.select().from(adminAudit).where(eq(adminAudit.action, 'block_recipient'));
    expect(audit.filter((a) => a.outcome === 'success')).toHaveLength(RACERS);
    const logged = await ctx().db.select().from(securityLog).where(eq(securityLog.event, 'admin.risk_block'));
    expect(logged.filter((l) => (l.detail as { kind?: string }).kind === 'recipient')).toHaveLength(1);

    const removals = await Promise.all(
      Array.from({ length: RACERS }, () => admin(ctx(), 'DELETE', `/api/admin/risk/blocks/${block.id}`)),
    );
    expect(removals.map((r) => r.statusCode)).toEqual(Array(RACERS).fill(200));
    expect(removals.filter((r) => r.json().changed === true)).toHaveLength(1);
    expect((await postGift(ctx(), giftPayload({ recipientEmail: address }))).statusCode).toBe(201);
  });

  it('needs a recent check to block or unblock, and refuses a bad address or id in JSON', async () => {
    ctx().clock.advance(16 * 60_000);
    const stale = await admin(ctx(), 'POST', '/api/admin/risk/blocks/recipient', { email: 'x@example.com' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('STEP_UP_REQUIRED');
    cookie = await adminCookie(ctx());
    const bad = await admin(ctx(), 'POST', '/api/admin/risk/blocks/recipient', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await admin(ctx(), 'DELETE', '/api/admin/risk/blocks/x')).statusCode).toBe(400);
    expect((await admin(ctx(), 'POST', '/api/admin/risk/blocks/payer/999999')).json().code).toBe('GIFT_NOT_FOUND');
    expect((await ctx().app.inject({ method: 'GET', url: '/api/admin/risk/blocks' })).statusCode).toBe(401);
  });

  it("refunds a blocked payer's later payments whole at once, by card or by e-mail; others pay as usual", async () => {
    const email = `pat.blocked.${ctx().engine}@example.com`;
    const first = await giftPaidBy(ctx(), { name: 'Pat Blocked', email }, {}, BLOCKED_CARD);
    // The first gift came from the test client's address: block a gift of the payer's own address instead.
    await ctx().flushEmails();
    const own = await paidByPayer(ctx(), email);
    expect(own.state).toBe('paid');
    await ctx().flushEmails();

    const answers = await Promise.all(
      Array.from({ length: RACERS }, () => admin(ctx(), 'POST', `/api/admin/risk/blocks/payer/${own.id}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(RACERS).fill(200));
    expect(answers.filter((a) => a.json().changed === true)).toHaveLength(1);
    const mine = (await blocks()).blocks.filter((b) => b.giftId === own.id);
    expect(mine.map((b) => b.kind).sort()).toEqual(['payer_card', 'payer_client', 'payer_email']);
    expect(JSON.stringify(mine)).not.toContain(email);
    expect((await reviewOf(ctx(), first.gift.id))?.decision ?? null).toBeNull(); // a block acts on later payments

    // The same card with another e-mail, from the test client's address: the card is enough.
    const byCard = await pendingGift(ctx());
    const other = `someone.else.${ctx().engine}@example.com`;
    expect(await payWithCard(ctx(), byCard, { name: 'Sam Else', email: other }, BLOCKED_CARD)).toBe(303);
    await expectRefundedWhole(ctx(), byCard.gift.id, other);
    // The same e-mail (a +tag) with another card.
    const byEmail = await pendingGift(ctx());
    const tagged = email.replace('@', '+x@');
    expect(await payWithCard(ctx(), byEmail, { name: 'Pat Blocked', email: tagged }, '4242424242424242')).toBe(303);
    await expectRefundedWhole(ctx(), byEmail.gift.id, tagged);
    // Someone else, from the test client's address, with another card: paid as usual.
    const plain = await giftPaidBy(ctx(), { name: 'Una Related', email: `una.${ctx().engine}@example.com` });
    expect(plain.gift.state).toBe('paid');
    expect(await reviewOf(ctx(), plain.gift.id)).toBeNull();
    expect(await ledgerViolations(ctx().db, { now: () => ctx().clock.now(), attentionAfterMs: 2 * 3_600_000 })).toEqual(
      [],
    );
  });

  it("refunds a blocked payer's payment once when its webhook arrives many times at once (and its read-back)", async () => {
    const email = `pat.blocked.${ctx().engine}@example.com`; // blocked by the test above
    const pending = await pendingGift(ctx());
    const checkoutId = pending.checkoutUrl.pathname.split('/').pop()!;
    const row = await findCheckout(ctx().deps, checkoutId);
    // The sandbox completes its checkout; its signed webhook is kept, then delivered RACERS times at once.
    let delivery: [Buffer, WebhookHeaders] | undefined;
    await completeCheckout(
      {
        ...ctx().sandbox,
        webhookEndpoint: async (raw, headers) => {
          delivery = [raw, headers];
        },
      },
      row!,
      { email, name: 'Pat Blocked', card: BLOCKED_CARD },
    );
    const answers = await Promise.all([
      ...Array.from({ length: RACERS }, () => ctx().sandbox.webhookEndpoint(...delivery!)),
      // The pending-payment check's read-back of the same payment, under its own event id.
      handleProviderEvent(ctx().deps, await ctx().deps.payments.retrieveCheckout(checkoutId)),
    ]);
    const taken = (a: unknown) => !(a as { duplicate: boolean }).duplicate;
    expect(answers.slice(0, RACERS).filter(taken)).toHaveLength(1);
    expect(taken(answers[RACERS])).toBe(true); // its own id: recorded, whichever of the two paid the gift
    const requested = await ctx()
      .db.select()
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.giftId, pending.gift.id), eq(ledgerMovements.kind, 'refund')));
    expect(requested).toHaveLength(1);
    await expectRefundedWhole(ctx(), pending.gift.id, email);
    const blocked = await ctx().db.select().from(riskBlocks);
    expect(blocked.every((b) => !b.key.includes('@'))).toBe(true);
    expect(await ledgerViolations(ctx().db, { now: () => ctx().clock.now(), attentionAfterMs: 2 * 3_600_000 })).toEqual(
      [],
    );
  });
});
