// Payment confirmation: signed events only, pending → paid exactly once under replays and parallel delivery,
// the recipient's notification (no sender) and the sender's receipt queued with it; expiry marks abandonment.
import { eq } from 'drizzle-orm';
import { gifts, outbox, webhookEvents } from '../../src/server/db/schema.js';
import { sha256 } from '../../src/server/crypto.js';
import { DAY } from '../../src/server/clock.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { checkoutEvent, createPendingGift, postEvent } from '../helpers/gift-payload.js';

const claimLink = (text: string) => /http:\/\/localhost:3000\/claim\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describeEachEngine('gift payment events', (ctx) => {
  const reload = async (id: number) => (await ctx().db.select().from(gifts).where(eq(gifts.id, id)))[0]!;
  const mailTo = async (to: string) => (await ctx().flushEmails()).filter((m) => m.toAddress === to);

  it('marks the gift paid, records the payment and sender, and e-mails recipient and sender', async () => {
    const gift = await createPendingGift(ctx(), { amountCents: 5000, tipCents: 300, recipientEmail: 'paid1@example.com' });
    const res = await postEvent(ctx(), checkoutEvent(gift, { email: 'Sam.Sender@example.com', name: 'Sam Q Sender' }));
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
    expect(notice!.textBody).toContain('Happy birthday!');
    expect(notice!.textBody).toContain('February 14, 2026');
    for (const secret of ['Sam', 'Sender', 'sam.sender', 'Sam.Sender']) {
      expect(notice!.subject + notice!.textBody + (notice!.htmlBody ?? '')).not.toContain(secret);
    }

    const [receipt] = await mailTo('Sam.Sender@example.com');
    expect(receipt!.subject).toBe('Your Hushgift receipt: $55.80');
    for (const line of ['Gift amount: $50.00', 'Processing fee: $2.80', 'Platform tip: $3.00', 'Total paid: $55.80', 'to Rita', 'What happens next']) {
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
    const { signSandboxPayload } = await import('../../src/server/payments/sandbox/webhooks.js');
    const tampered = await ctx().app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: payload.replace('"paid"', '"paid" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': signSandboxPayload(payload) },
    });
    expect(tampered.statusCode).toBe(400);
    // Signed with another secret.
    const other = await postEvent(ctx(), event, signSandboxPayload(payload, 'whsec_someone_else'));
    expect(other.statusCode).toBe(400);
    expect((await reload(gift.id)).status).toBe('pending');
    expect(await ctx().db.$count(webhookEvents, eq(webhookEvents.id, event.id))).toBe(0);
    expect(await mailTo('sig@example.com')).toHaveLength(0);
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
      checkoutEvent(gift, { eventId: `evt_distinct_${gift.id}_${i}`, type: i % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed' }),
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
    await postEvent(ctx(), checkoutEvent(gift, { eventId: `evt_async_${gift.id}`, type: 'checkout.session.async_payment_succeeded' }));
    expect((await reload(gift.id)).status).toBe('paid');
  });

  it('marks an expired checkout abandoned, and an expiry after payment changes nothing', async () => {
    const open = await createPendingGift(ctx(), { recipientEmail: 'abandon@example.com' });
    await postEvent(ctx(), checkoutEvent(open, { eventId: `evt_exp_${open.id}`, type: 'checkout.session.expired', paymentStatus: 'unpaid' }));
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
});
