// The risk rules at payment (decision 024) and the hold they put on a gift: velocity per payer identity, a payer
// sending to their own address, the provider's elevated rating. A held gift is paid and claimable; its transfer
// waits, and every surface says only that it is being checked.
import { and, eq } from 'drizzle-orm';
import { gifts, ledgerMovements } from '../../src/server/db/schema.js';
import { HOUR } from '../../src/server/clock.js';
import { testConfig } from '../../src/server/config.js';
import { toAppEvent } from '../../src/server/payments/stripe/events.js';
import { normaliseEmail, payerIdentity } from '../../src/server/services/risk/payer-identity.js';
import { HELD_GIFT_TEXT } from '../../src/shared/risk.js';
import { ELEVATED_RISK_CARD, HIGHEST_RISK_CARD } from '../../src/server/payments/sandbox/checkout-completion.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { checkoutSessionParams } from '../../src/server/payments/stripe/checkout.js';
import { isLargeGift } from '../../src/server/services/risk/rules.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { complete, giftStatus } from '../helpers/claims.js';
import { giftRowById, pendingGift } from '../helpers/gifts.js';
import { stripeFixture } from '../helpers/stripe-stand-in.js';
import { manage, manageLinkIn } from '../helpers/gift-page.js';
import type { Given } from '../helpers/gifts.js';
import { claimUpToPayout, giftPaidBy, heldGift, payWithCard, reviewOf } from '../helpers/risk.js';
import { describeEachEngine } from '../helpers/test-app.js';

const risk = { ...testConfig().risk, velocityGifts: 3, velocityCents: 50_000 };

describe('payer identity', () => {
  it('is one payer across case, spaces and a +tag, and differs by secret and by part', () => {
    expect(normaliseEmail('  Jane.Doe+Gifts@Example.COM ')).toBe('jane.doe@example.com');
    const secret = 'x'.repeat(32);
    const a = payerIdentity(secret, {
      email: 'Jane+a@example.com',
      cardFingerprint: 'AOB9',
      clientAddress: '2001:db8::1',
    });
    const b = payerIdentity(secret, {
      email: 'jane@example.com',
      cardFingerprint: 'AOB9',
      clientAddress: '2001:db8::2',
    });
    expect(a).toEqual(b); // same mailbox, same card, same IPv6 /64
    expect(payerIdentity('y'.repeat(32), { email: 'jane@example.com' }).emailKey).not.toBe(a.emailKey);
    expect(payerIdentity(secret, {})).toEqual({ emailKey: null, cardKey: null, clientKey: null });
    expect(a.emailKey).not.toContain('jane');
  });

  it("reads Stripe's card fingerprint and Radar's rating from the checkout's expanded charge", () => {
    const charge = stripeFixture('charge');
    (charge.outcome as Record<string, unknown>).risk_level = 'elevated';
    const session = stripeFixture('checkout.session', {
      payment_status: 'paid',
      payment_intent: stripeFixture('payment_intent', { latest_charge: charge }),
    });
    const event = toAppEvent({ id: 'evt_1', type: 'checkout.session.completed', data: { object: session } });
    expect(event).toMatchObject({ kind: 'checkout_paid', cardFingerprint: 'AOB934RVNwzk6xtn', riskLevel: 'elevated' });
  });
});

describeEachEngine(
  'risk: holds at payment',
  (ctx) => {
    // Every gift of this file comes from one client address: each test starts a day after the last.
    beforeEach(() => ctx().clock.advance(25 * HOUR));
    const sender = (n: string) => ({ name: 'Pat Payer', email: `pat.${n}.${ctx().engine}@example.com` });

    it('passes 3 gifts of one payer in 24 hours and holds the 4th; another day passes again', async () => {
      const pat = sender('velocity');
      const given = [];
      for (let i = 0; i < 4; i++) given.push(await giftPaidBy(ctx(), pat, { amountCents: 1000 }));
      expect(await reviewOf(ctx(), given[2]!.gift.id)).toBeNull();
      expect(await reviewOf(ctx(), given[3]!.gift.id)).toMatchObject({ reasons: ['velocity_count'], decision: null });
      ctx().clock.advance(25 * HOUR);
      const later = await giftPaidBy(ctx(), pat, { amountCents: 1000 });
      expect(await reviewOf(ctx(), later.gift.id)).toBeNull();
    });

    it('holds the gift that takes one payer past $500 in 24 hours (exactly $500 passes)', async () => {
      const first = await giftPaidBy(ctx(), sender('card-a'), { amountCents: 30_000 }, '5555555555554444');
      const second = await giftPaidBy(ctx(), sender('card-b'), { amountCents: 20_000 }, '5555555555554444');
      const third = await giftPaidBy(ctx(), sender('card-c'), { amountCents: 500 }, '5555555555554444');
      expect(await reviewOf(ctx(), first.gift.id)).toBeNull();
      expect(await reviewOf(ctx(), second.gift.id)).toBeNull(); // exactly $500 passes
      expect((await reviewOf(ctx(), third.gift.id))?.reasons).toEqual(['velocity_amount']);
    });

    it("holds a gift sent to the payer's own address and one the provider rates elevated", async () => {
      const self = await heldGift(ctx());
      expect((await reviewOf(ctx(), self.gift.id))?.reasons).toEqual(['self_gift_email']);
      ctx().clock.advance(25 * HOUR);
      const elevated = await giftPaidBy(ctx(), sender('elevated'), {}, ELEVATED_RISK_CARD);
      expect((await reviewOf(ctx(), elevated.gift.id))?.reasons).toEqual(['provider_elevated']);
    });

    it('refunds a payment the provider rates highest risk whole, at once, telling the recipient nothing', async () => {
      const pending = await pendingGift(ctx());
      const payer = sender('highest');
      expect(await payWithCard(ctx(), pending, payer, HIGHEST_RISK_CARD)).toBe(303);
      expect((await giftRowById(ctx(), pending.gift.id)).state).toBe('refunding');
      await runReconciler(ctx().deps);
      const row = await giftRowById(ctx(), pending.gift.id);
      expect(row.state).toBe('refunded');
      const refunds = await ctx()
        .db.select()
        .from(ledgerMovements)
        .where(and(eq(ledgerMovements.giftId, row.id), eq(ledgerMovements.kind, 'refund')));
      expect(refunds).toEqual([expect.objectContaining({ amountCents: row.totalCents, state: 'succeeded' })]);
      expect(await ctx().flushEmails(row.recipientEmail!)).toEqual([]);
      const toSender = await ctx().flushEmails(payer.email);
      expect(toSender.map((m) => m.subject)).toEqual([`Your payment of $53.80 was refunded`]);
      expect(toSender[0]!.textBody).not.toMatch(/risk|fraud|review/i);
    });

    it('lets the recipient claim a held gift but keeps the transfer back, saying only that it is checked', async () => {
      const given = await heldGift(ctx());
      await claimUpToPayout(ctx(), given);
      const done = await complete(ctx(), given.claimToken);
      expect(done.json()).toMatchObject({ success: false, message: HELD_GIFT_TEXT });
      expect(done.body).not.toMatch(/self|velocity|risk|review/i);
      await runPayouts(ctx().deps);
      const row = await giftRowById(ctx(), given.gift.id);
      expect(row).toMatchObject({ state: 'claim_started', transferStartedAt: null });
      const moved = await ctx().db.select().from(ledgerMovements).where(eq(ledgerMovements.giftId, row.id));
      expect(moved.map((m) => m.kind).sort()).toEqual(['charge', 'fee', 'tip']);
      // With the claim session and without it (the sender's view): the same words.
      expect((await giftStatus(ctx(), row.publicId)).json()).toEqual({
        status: 'checking',
        stripeAccount: { requirements_pending: 0 },
      });
      expect((await giftStatus(ctx(), row.publicId, '')).json()).toMatchObject({ status: 'checking' });
      const [still] = await ctx().db.select({ state: gifts.state }).from(gifts).where(eq(gifts.id, row.id));
      expect(still!.state).toBe('claim_started');
    });

    it("shows the sender's gift page the same words, and nothing on an unheld gift", async () => {
      const pageOf = async (given: Given) => {
        const receipt = (await ctx().flushEmails(given.gift.senderEmail!)).find((m) => /receipt/.test(m.subject));
        return (await manage(ctx(), manageLinkIn(receipt!.textBody)!)).json() as { riskNotice: string | null };
      };
      expect(await pageOf(await heldGift(ctx()))).toMatchObject({ riskNotice: HELD_GIFT_TEXT });
      ctx().clock.advance(25 * HOUR);
      expect(await pageOf(await giftPaidBy(ctx(), sender('plain')))).toMatchObject({ riskNotice: null });
    });
  },
  { config: { risk } },
);

describeEachEngine(
  'risk: a claim from the payment’s own address',
  (ctx) => {
    const claimFrom = (token: string, remoteAddress: string) =>
      ctx().app.inject({ method: 'POST', url: `/api/gifts/claim/${token}`, payload: {}, remoteAddress });
    const pat = () => ({ name: 'Pat Payer', email: `pat.claims.${ctx().engine}.${Date.now()}@example.com` });

    it('holds a gift claimed from the address it was started from within 24 hours, not from elsewhere or later', async () => {
      // Gifts are started from the test client's address (127.0.0.1).
      const same = await giftPaidBy(ctx(), pat());
      expect((await claimFrom(same.claimToken, '127.0.0.1')).statusCode).toBe(200);
      expect((await reviewOf(ctx(), same.gift.id))?.reasons).toEqual(['self_gift_client']);

      const elsewhere = await giftPaidBy(ctx(), pat());
      expect((await claimFrom(elsewhere.claimToken, '198.51.100.7')).statusCode).toBe(200);
      expect(await reviewOf(ctx(), elsewhere.gift.id)).toBeNull();

      const later = await giftPaidBy(ctx(), pat());
      ctx().clock.advance(25 * HOUR);
      expect((await claimFrom(later.claimToken, '127.0.0.1')).statusCode).toBe(200);
      expect(await reviewOf(ctx(), later.gift.id)).toBeNull();
    });
  },
  { config: { risk: { ...risk, velocityGifts: 100, velocityCents: 10_000_000, sameClientClaimMs: 24 * HOUR } } },
);

describeEachEngine(
  'risk: large gifts',
  (ctx) => {
    it('asks 3-D Secure of a Stripe checkout from $1,000, not below', () => {
      const input = (amount: number) => ({
        giftPublicId: 'g_abc',
        lines: [{ name: 'Gift', amountCents: amount }],
        successUrl: 'https://x.example/s',
        cancelUrl: 'https://x.example/c',
        expiresAt: new Date(Date.now() + 3_600_000),
        idempotencyKey: 'k',
        requestCardAuthentication: isLargeGift(ctx().deps.config.risk, amount),
      });
      expect(checkoutSessionParams(input(100_000)).payment_method_options).toEqual({
        card: { request_three_d_secure: 'any' },
      });
      expect(checkoutSessionParams(input(99_999)).payment_method_options).toBeUndefined();
    });

    it('pays a large gift out 72 hours after its payment, not before', async () => {
      const given = await giftPaidBy(
        ctx(),
        { name: 'Lou Large', email: `lou.${ctx().engine}@example.com` },
        {
          amountCents: 100_000,
          tipCents: 0,
        },
      );
      await claimUpToPayout(ctx(), given);
      const waiting = await complete(ctx(), given.claimToken);
      expect(waiting.json()).toMatchObject({ success: false, message: expect.stringContaining('72 hours after') });
      ctx().clock.advance(71 * HOUR);
      await runPayouts(ctx().deps);
      expect((await giftRowById(ctx(), given.gift.id)).state).toBe('claim_started');
      ctx().clock.advance(2 * HOUR);
      await runPayouts(ctx().deps);
      expect((await giftRowById(ctx(), given.gift.id)).state).toBe('claimed');
    });
  },
  { config: { risk: { ...risk, largeGiftWaitMs: 72 * HOUR } } },
);

describeEachEngine(
  'risk: one payer paying at the same instant',
  (ctx) => {
    const RACERS = 4;
    it(`holds all but the first of ${RACERS} payments of one payer made at once (limit 1 gift a day)`, async () => {
      const pat = { name: 'Pat Parallel', email: `pat.parallel.${ctx().engine}@example.com` };
      const pending = [];
      for (let i = 0; i < RACERS; i++) pending.push(await pendingGift(ctx(), { amountCents: 1000 }));
      const paid = await Promise.all(pending.map((p) => payWithCard(ctx(), p, pat)));
      expect(paid).toEqual(Array(RACERS).fill(303));
      const reviews = await Promise.all(pending.map((p) => reviewOf(ctx(), p.gift.id)));
      // Each payment counted the others that committed before it: exactly one found none.
      expect(reviews.filter((r) => r === null)).toHaveLength(1);
      expect(reviews.filter((r) => r?.reasons.includes('velocity_count'))).toHaveLength(RACERS - 1);
    });
  },
  { config: { risk: { ...risk, velocityGifts: 1 } } },
);
