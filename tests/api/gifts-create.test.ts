// POST /api/gifts: the shared schema validates every field, the server recomputes every figure, the gift is
// stored pending with only a hash of the answer, and the sandbox checkout opens.
import { eq } from 'drizzle-orm';
import { gifts, sandboxCheckouts } from '../../src/server/db/schema.js';
import { verifySecret } from '../../src/server/crypto.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { createPendingGift, giftPayload, postGift } from '../helpers/gift-payload.js';
import { giftRowColumns } from '../helpers/gift-row.js';

describeEachEngine('create a gift', (ctx) => {
  it('stores a pending gift and answers the sandbox checkout URL', async () => {
    const res = await postGift(
      ctx(),
      giftPayload({ amountCents: 5000, tipCents: 300, recipientEmail: '  Rita.Case@Example.com ' }),
    );
    expect(res.statusCode).toBe(201);
    const { checkoutUrl } = res.json();
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sandbox_[A-Za-z0-9_-]+$/);
    const [gift] = await ctx()
      .db.select(giftRowColumns)
      .from(gifts)
      .where(eq(gifts.checkoutSessionId, checkoutUrl.split('/').pop()));
    expect(gift).toMatchObject({
      status: 'pending',
      amountCents: 5000,
      feeCents: 280,
      tipCents: 300,
      totalCents: 5580,
      recipientFirstName: 'Rita',
      recipientEmail: 'Rita.Case@Example.com',
      personalNote: 'Happy birthday!',
      securityQuestion: "What is your pet's name?",
      senderEmail: null,
      paidAt: null,
      donorId: null,
    });
    expect(gift!.publicId).toMatch(/^g_[A-Za-z0-9_-]{16}$/);
    // Only an argon2id hash of the normalised answer is kept.
    expect(gift!.securityAnswerHash).toMatch(/^\$argon2id\$/);
    expect(gift!.securityAnswerHash).not.toContain('Rex');
    expect(await verifySecret(gift!.securityAnswerHash!, 'rex')).toBe(true);
    const [checkout] = await ctx()
      .db.select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.giftPublicId, gift!.publicId));
    expect(checkout).toMatchObject({
      totalCents: 5580,
      status: 'open',
      successUrl: 'http://localhost:3000/success',
      cancelUrl: 'http://localhost:3000/gift/review?canceled=true',
    });
    expect(checkout!.expiresAt.getTime() - ctx().clock.now().getTime()).toBe(24 * 3_600_000);
  });

  it('with senderCoversFees = true: stores the flag, and the figures, checkout and recipient amount are as without it', async () => {
    // As the product stands the sender always pays the fee on top; the flag is recorded, not applied to the figures.
    const covered = await createPendingGift(ctx(), { amountCents: 4000, tipCents: 200, senderCoversFees: true });
    const plain = await createPendingGift(ctx(), { amountCents: 4000, tipCents: 200, senderCoversFees: false });
    expect(covered.senderCoversFees).toBe(true);
    expect(plain.senderCoversFees).toBe(false);
    const figures = (g: typeof covered) => ({
      amount: g.amountCents,
      fee: g.feeCents,
      tip: g.tipCents,
      total: g.totalCents,
    });
    expect(figures(covered)).toEqual({ amount: 4000, fee: 230, tip: 200, total: 4430 });
    expect(figures(covered)).toEqual(figures(plain));
    const checkoutOf = async (g: typeof covered) =>
      (await ctx().db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.giftPublicId, g.publicId)))[0]!;
    expect((await checkoutOf(covered)).totalCents).toBe(4430);
    const items = async (g: typeof covered) => ((await checkoutOf(g)).lines as { items: unknown[] }).items;
    expect(await items(covered)).toEqual(await items(plain));
    expect(await items(covered)).toHaveLength(3);
  });

  it('accepts a gift without message or security question, and odd cents', async () => {
    const gift = await createPendingGift(ctx(), {
      amountCents: 1001,
      tipCents: 7,
      personalNote: null,
      securityQuestion: null,
      securityAnswerHash: null,
    });
    // 5% of $10.01 is 50.05¢ → 50¢, + 30¢.
    expect(gift).toMatchObject({
      amountCents: 1001,
      feeCents: 80,
      tipCents: 7,
      totalCents: 1088,
      personalNote: null,
      securityQuestion: null,
      securityAnswerHash: null,
    });
  });

  it('treats blank optional texts as absent', async () => {
    const gift = await createPendingGift(ctx(), { personalNote: '   ', securityQuestion: '', securityAnswerHash: '' });
    expect(gift).toMatchObject({ personalNote: null, securityQuestion: null, securityAnswerHash: null });
  });

  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['missing amount', { amount: undefined }, /^amount: this field is required/],
    ['numeric amount', { amount: 50 }, /^amount: Gift amount must be a decimal string/],
    ['three decimals', { amount: '50.001' }, /^amount: .*at most two decimals/],
    ['negative amount', { amount: '-50.00' }, /^amount: .*non-negative/],
    ['non-numeric amount', { amount: 'fifty' }, /^amount: /],
    ['non-numeric tip', { tip: 'abc' }, /^tip: /],
    ['negative tip', { tip: '-1.00' }, /^tip: .*non-negative/],
    ['tip over the maximum', { tip: '1000.01' }, /^tip: The tip can be at most \$1,000\.00/],
    ['missing processing fee', { processingFee: undefined }, /^processingFee: this field is required/],
    ['missing total', { totalPaid: undefined }, /^totalPaid: this field is required/],
    ['missing recipientGets', { recipientGets: undefined }, /^recipientGets: this field is required/],
    ['senderCoversFees not boolean', { senderCoversFees: 'yes' }, /^senderCoversFees: /],
    ['missing first name', { recipientFirstName: undefined }, /^recipientFirstName: this field is required/],
    ['blank first name', { recipientFirstName: '   ' }, /^recipientFirstName: Recipient first name is required/],
    ['blank last name', { recipientLastName: '' }, /^recipientLastName: Recipient last name is required/],
    ['long last name', { recipientLastName: 'x'.repeat(101) }, /^recipientLastName: .*at most 100/],
    ['missing email', { recipientEmail: undefined }, /^recipientEmail: this field is required/],
    ['bad email', { recipientEmail: 'not-an-email' }, /^recipientEmail: Please enter a valid email address/],
    [
      'note over 500',
      { personalNote: 'x'.repeat(501) },
      /^personalNote: Personal message must be at most 500 characters/,
    ],
    ['question over 200', { securityQuestion: 'q'.repeat(201) }, /^securityQuestion: .*at most 200/],
    ['answer over 100', { securityAnswerHash: 'a'.repeat(101) }, /^securityAnswerHash: .*at most 100/],
    ['question without answer', { securityAnswerHash: null }, /^securityAnswerHash: Security answer is required/],
    ['answer without question', { securityQuestion: null }, /^securityQuestion: Security question is required/],
    ['note not text', { personalNote: 42 }, /^personalNote: /],
    ['bad donor email', { donorAccount: { firstName: 'D', lastName: 'N', email: 'nope' } }, /^donorAccount\.email: /],
    [
      'blank donor name',
      { donorAccount: { firstName: ' ', lastName: 'N', email: 'd@example.com' } },
      /^donorAccount\.firstName: /,
    ],
    [
      'extra donor field',
      { donorAccount: { firstName: 'D', lastName: 'N', email: 'd@example.com', admin: true } },
      /Unexpected field: admin/,
    ],
  ];
  it.each(bad)('rejects %s with a 400 naming the field', async (_name, change, message) => {
    const before = await ctx().db.$count(gifts);
    const res = await postGift(ctx(), { ...giftPayload(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await ctx().db.$count(gifts)).toBe(before);
  });

  it('rejects an amount under the minimum and over the maximum', async () => {
    const under = await postGift(ctx(), giftPayload({ amountCents: 499 }));
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe('amount: The minimum gift is $5.00');
    // The largest gift the provider cannot charge (with its fee it is over $999,999.99) is refused before any checkout.
    for (const amountCents of [95_000_001, 99_999_999]) {
      const before = await ctx().db.$count(gifts);
      const over = await postGift(ctx(), giftPayload({ amountCents }));
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe(
        'amount: The maximum gift is $950,000.00: with the fee and tip it must fit in one card payment of at most $999,999.99.',
      );
      expect(await ctx().db.$count(gifts)).toBe(before);
    }
    // The bounds themselves are accepted, and the largest total stays within one charge.
    expect((await postGift(ctx(), giftPayload({ amountCents: 500 }))).statusCode).toBe(201);
    expect((await postGift(ctx(), giftPayload({ amountCents: 95_000_000, tipCents: 100_000 }))).statusCode).toBe(201);
    const [largest] = await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.amountCents, 95_000_000));
    expect(largest!.totalCents).toBe(99_850_030);
  });

  it.each([
    [
      'processingFee',
      { processingFee: '2.79' },
      /^processingFee: does not match the amount: expected 2\.80, got 2\.79/,
    ],
    ['totalPaid', { totalPaid: '5.00' }, /^totalPaid: does not match the amount: expected 53\.80, got 5\.00/],
    [
      'recipientGets',
      { recipientGets: '60.00' },
      /^recipientGets: does not match the amount: expected 50\.00, got 60\.00/,
    ],
  ])('rejects tampered %s', async (_field, change, message) => {
    const res = await postGift(ctx(), { ...giftPayload({ amountCents: 5000, tipCents: 100 }), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('rejects a lowered amount with the old total (figures recomputed from amount and tip)', async () => {
    const res = await postGift(ctx(), { ...giftPayload({ amountCents: 10000 }), amount: '5.00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^processingFee: does not match/);
  });

  it('rejects extra fields, a non-object body and an empty body', async () => {
    const extra = await postGift(ctx(), { ...giftPayload(), status: 'paid', senderEmail: 'x@example.com' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/^Unexpected fields: status, senderEmail/);
    const array = await postGift(ctx(), [giftPayload()]);
    expect(array.statusCode).toBe(400);
    const empty = await ctx().app.inject({ method: 'POST', url: '/api/gifts' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a cross-site POST', async () => {
    const res = await postGift(ctx(), giftPayload(), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it('answers 502 with a clear message when the provider cannot open a checkout, and never 500', async () => {
    const provider = ctx().deps.payments;
    const original = provider.createCheckout;
    (provider as { createCheckout: typeof original }).createCheckout = async () => {
      throw new Error('network down');
    };
    try {
      const before = await ctx().db.$count(gifts);
      const res = await postGift(ctx(), giftPayload());
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/could not start the payment/);
      // The gift is written only once its checkout exists: nothing is left behind.
      expect(await ctx().db.$count(gifts)).toBe(before);
    } finally {
      (provider as { createCheckout: typeof original }).createCheckout = original;
    }
  });
});
