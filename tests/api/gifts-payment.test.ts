// Payment confirmation: signed events only, pending → paid exactly once under replays and parallel delivery,
// the recipient's notification (no sender) and the sender's receipt queued with it; expiry marks abandonment.
import { eq } from 'drizzle-orm';
import { gifts, outbox, webhookEvents } from '../../src/server/db/schema.js';
import { sha256 } from '../../src/server/crypto.js';
import { DAY } from '../../src/server/clock.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { giftRowColumns } from '../helpers/gift-row.js';
import {
  TEST_WEBHOOK_SECRET,
  checkoutEvent,
  createPendingGift,
  postEvent,
  sandboxWithStripeWebhooks,
  stripeSignature,
} from '../helpers/gift-payload.js';

const claimLink = (text: string) => /http:\/\/localhost:3000\/claim\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describeEachEngine(
  'gift payment events',
  (ctx) => {
    const reload = async (id: number) =>
      (await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.id, id)))[0]!;
    const mailTo = async (to: string) => (await ctx().flushEmails()).filter((m) => m.toAddress === to);

    it('marks the gift paid, records the payment and sender, and e-mails recipient and sender', async () => {
      const gift = await createPendingGift(ctx(), {
        amountCents: 5000,
        tipCents: 300,
        recipientEmail: 'paid1@example.com',
      });
      const res = await postEvent(
        ctx(),
        checkoutEvent(gift, { email: 'Sam.Sender@example.com', name: 'Sam Q Sender' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: false });
      const row = await reload(gift.id);
      expect(row).toMatchObject({
        status: 'paid',
        paymentIntentId: `pi_test_${gift.id}`,
        chargeId: `ch_test_${gift.id}`,
        senderFirstName: 'Sam',
        senderLastName: 'Q Sender',
        senderEmail: 'Sam.Sender@example.com',
      });
      expect(row.paidAt).toEqual(ctx().clock.now());
      expect(row.expiresAt!.getTime() - row.paidAt!.getTime()).toBe(30 * DAY);

      const [notice] = await mailTo('paid1@example.com');
      expect(notice!.subject).toBe("You've received an anonymous gift of $50.00");
      const token = claimLink(notice!.textBody)!;
      expect(row.claimTokenHash).toBe(sha256(token));
      expect(notice!.textBody).toContain('Hi Rita');
      // The note is on the claim page only (decision 012): text the sender typed never goes out under our name.
      expect(notice!.textBody).not.toContain('Happy birthday!');
      expect(notice!.textBody).toContain('A personal note came with it: you will see it when you open your gift.');
      expect(notice!.textBody).toContain('February 14, 2026');
      for (const secret of ['Sam', 'Sender', 'sam.sender', 'Sam.Sender']) {
        expect(notice!.subject + notice!.textBody + (notice!.htmlBody ?? '')).not.toContain(secret);
      }

      const [receipt] = await mailTo('Sam.Sender@example.com');
      expect(receipt!.subject).toBe('Your Hushgift receipt: $55.80');
      for (const line of [
        'Gift amount: $50.00',
        'Processing fee: $2.80',
        'Platform tip: $3.00',
        'Total paid: $55.80',
        'to Rita',
        'What happens next',
      ]) {
        expect(receipt!.textBody).toContain(line);
      }
      expect(receipt!.textBody).not.toContain(token);
    });

    it('answers 400 and changes nothing for a bad, missing or stale signature', async () => {
      const gift = await createPendingGift(ctx(), { recipientEmail: 'sig@example.com' });
      const event = checkoutEvent(gift);
      const payload = JSON.stringify(event);
      const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
      for (const signature of [null, '', forged, 'garbage']) {
        const res = await postEvent(ctx(), event, signature);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/Stripe-Signature/);
      }
      // Signed for another body: the payload was tampered with after signing.
      const tampered = await ctx().app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: payload.replace('"paid"', '"paid" '),
        headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
      });
      expect(tampered.statusCode).toBe(400);
      // Signed with another secret.
      const other = await postEvent(ctx(), event, stripeSignature(payload, 'whsec_someone_else'));
      expect(other.statusCode).toBe(400);
      // Stale: signed correctly for this very body, but ten minutes ago (a replay), past the five minutes allowed.
      const { default: Stripe } = await import('stripe');
      const signedAt = (body: string, secondsAgo: number) =>
        Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: TEST_WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - secondsAgo,
        });
      const stale = await postEvent(ctx(), event, signedAt(payload, 600));
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toMatch(/Stripe-Signature/);
      // The control: another gift's event signed the same way a minute ago is accepted, so only the age was wrong.
      const control = checkoutEvent(await createPendingGift(ctx(), { recipientEmail: 'sig-control@example.com' }));
      expect((await postEvent(ctx(), control, signedAt(JSON.stringify(control), 60))).statusCode).toBe(200);
      expect((await reload(gift.id)).status).toBe('pending');
      expect(await ctx().db.$count(webhookEvents, eq(webhookEvents.id, event.id))).toBe(0);
      expect(await mailTo('sig@example.com')).toHaveLength(0);
    });

    it('holds a gift whose payment’s amount or currency differs: paid at its own figures, no claim e-mail, on the attention list', async () => {
      // The checkout's amount_total and currency are compared with the gift (decision 014).
      for (const [amount, currency] of [
        [100, 'usd'],
        [null, 'eur'],
      ] as const) {
        const gift = await createPendingGift(ctx(), {
          amountCents: 5000,
          tipCents: 300,
          recipientEmail: `odd-${currency}-${amount}@example.com`,
        });
        const event = checkoutEvent(gift);
        event.data.object.amount_total = amount ?? gift.totalCents;
        event.data.object.currency = currency;
        expect((await postEvent(ctx(), event)).statusCode).toBe(200);
        expect(await reload(gift.id)).toMatchObject({
          status: 'paid',
          amountCents: 5000,
          feeCents: 280,
          tipCents: 300,
          totalCents: 5580,
        });
        expect(await mailTo(`odd-${currency}-${amount}@example.com`)).toHaveLength(0);
        expect((await reload(gift.id)).needsAttention).toMatch(
          /^Payment does not match the gift: paid \d+ (USD|EUR) cents, expected 5580 USD cents/,
        );
      }
    });

    it('handles the same completed event delivered 10 times in sequence once', async () => {
      const gift = await createPendingGift(ctx(), { recipientEmail: 'seq@example.com' });
      const event = checkoutEvent(gift, { email: 'seq.sender@example.com' });
      const outcomes = [];
      for (let i = 0; i < 10; i++) outcomes.push((await postEvent(ctx(), event)).json().duplicate);
      expect(outcomes).toEqual([false, ...Array(9).fill(true)]);
      expect((await reload(gift.id)).status).toBe('paid');
      expect(await mailTo('seq@example.com')).toHaveLength(1);
      expect(await mailTo('seq.sender@example.com')).toHaveLength(1);
    });

    it('handles the same completed event delivered 10 times in parallel once', async () => {
      const gift = await createPendingGift(ctx(), { recipientEmail: 'par@example.com' });
      const event = checkoutEvent(gift, { email: 'par.sender@example.com' });
      const results = await Promise.all(Array.from({ length: 10 }, () => postEvent(ctx(), event)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1);
      const row = await reload(gift.id);
      expect(row.status).toBe('paid');
      expect(await ctx().db.$count(outbox, eq(outbox.giftId, gift.id))).toBe(2);
      expect(await mailTo('par@example.com')).toHaveLength(1);
      expect(row.claimTokenHash).toBe(sha256(claimLink((await mailTo('par@example.com'))[0]!.textBody)!));
    });

    it('moves the gift once when distinct events for one checkout arrive in parallel', async () => {
      const gift = await createPendingGift(ctx(), { recipientEmail: 'distinct@example.com' });
      const events = Array.from({ length: 10 }, (_, i) =>
        checkoutEvent(gift, {
          eventId: `evt_distinct_${gift.id}_${i}`,
          type: i % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed',
        }),
      );
      const results = await Promise.all(events.map((e) => postEvent(ctx(), e)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect((await reload(gift.id)).status).toBe('paid');
      const mail = await mailTo('distinct@example.com');
      expect(mail).toHaveLength(1);
      // The one link sent is the one that works: no later event rotated the token.
      expect((await reload(gift.id)).claimTokenHash).toBe(sha256(claimLink(mail[0]!.textBody)!));
    });

    it('does not mark paid an unpaid completion (delayed payment), until it succeeds', async () => {
      const gift = await createPendingGift(ctx(), { recipientEmail: 'async@example.com' });
      await postEvent(ctx(), checkoutEvent(gift, { eventId: `evt_unpaid_${gift.id}`, paymentStatus: 'unpaid' }));
      expect((await reload(gift.id)).status).toBe('pending');
      await postEvent(
        ctx(),
        checkoutEvent(gift, { eventId: `evt_async_${gift.id}`, type: 'checkout.session.async_payment_succeeded' }),
      );
      expect((await reload(gift.id)).status).toBe('paid');
    });

    it('marks an expired checkout abandoned, and an expiry after payment changes nothing', async () => {
      const open = await createPendingGift(ctx(), { recipientEmail: 'abandon@example.com' });
      await postEvent(
        ctx(),
        checkoutEvent(open, {
          eventId: `evt_exp_${open.id}`,
          type: 'checkout.session.expired',
          paymentStatus: 'unpaid',
        }),
      );
      const abandoned = await reload(open.id);
      expect(abandoned).toMatchObject({ status: 'pending', abandonedAt: ctx().clock.now() });

      const paid = await createPendingGift(ctx(), { recipientEmail: 'late-exp@example.com' });
      await postEvent(ctx(), checkoutEvent(paid));
      const before = await reload(paid.id);
      ctx().clock.advance(60_000);
      await postEvent(ctx(), checkoutEvent(paid, { eventId: `evt_exp_${paid.id}`, type: 'checkout.session.expired' }));
      await postEvent(ctx(), checkoutEvent(paid, { eventId: `evt_again_${paid.id}` }));
      expect(await reload(paid.id)).toEqual(before);
      expect(await mailTo('late-exp@example.com')).toHaveLength(1);
    });

    it('records and ignores events for unknown gifts and other types', async () => {
      const unknown = await postEvent(ctx(), {
        id: 'evt_unknown_gift',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_nope', payment_status: 'paid', metadata: { gift_public_id: 'g_nope' } } },
      });
      expect(unknown.statusCode).toBe(200);
      const other = await postEvent(ctx(), { id: 'evt_other', type: 'payment_intent.created', data: { object: {} } });
      expect(other.statusCode).toBe(200);
      expect(await ctx().db.$count(webhookEvents, eq(webhookEvents.id, 'evt_other'))).toBe(1);
    });
  },
  { payments: sandboxWithStripeWebhooks },
);
