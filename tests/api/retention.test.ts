// Retention boundaries with the injected clock: personal data of finished gifts goes at 60 days, support
// messages at 2 years, security log entries at 1 year; payment records stay.
import { eq } from 'drizzle-orm';
import { contactMessages, gifts, outbox, securityLog } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { queueEmail } from '../../src/server/email/outbox.js';
import { purgeExpiredData } from '../../src/server/services/retention/purge.js';
import { seedGift } from '../helpers/seed.js';
import { describeEachEngine } from '../helpers/test-app.js';

describeEachEngine('data retention', (ctx) => {
  const purge = () => purgeExpiredData({ db: ctx().db, clock: ctx().clock });
  const row = async (id: number) => (await ctx().db.select().from(gifts).where(eq(gifts.id, id)))[0]!;

  it('erases a claimed gift’s personal data exactly at 60 days and keeps the payment record', async () => {
    ctx().clock.set('2026-03-01T00:00:00Z');
    const { gift } = await seedGift(ctx(), {
      status: 'claimed',
      claimedAt: ctx().clock.now(),
      transferId: 'tr_keep',
      transferStartedAt: ctx().clock.now(),
      securityAnswer: 'Rex',
    });
    await queueEmail(ctx().db, ctx().clock, { kind: 'gift-notification', to: gift.recipientEmail!, subject: 'Gift', text: 'claim', giftId: gift.id });

    ctx().clock.set(new Date(Date.parse('2026-03-01T00:00:00Z') + 60 * DAY - 1));
    await purge();
    expect((await row(gift.id)).recipientEmail).toBe(gift.recipientEmail);

    ctx().clock.set(new Date(Date.parse('2026-03-01T00:00:00Z') + 60 * DAY));
    const result = await purge();
    expect(result.giftsErased).toBeGreaterThanOrEqual(1);
    const after = await row(gift.id);
    for (const field of [
      'recipientFirstName', 'recipientLastName', 'recipientEmail', 'personalNote', 'securityQuestion',
      'securityAnswerHash', 'claimTokenHash', 'senderFirstName', 'senderLastName', 'senderEmail',
    ] as const) {
      expect(after[field], field).toBeNull();
    }
    expect(after).toMatchObject({
      status: 'claimed',
      amountCents: gift.amountCents,
      feeCents: gift.feeCents,
      tipCents: gift.tipCents,
      paymentIntentId: gift.paymentIntentId,
      chargeId: gift.chargeId,
      transferId: 'tr_keep',
    });
    expect(after.claimedAt).toEqual(gift.claimedAt);
    expect(after.personalDataErasedAt).toEqual(ctx().clock.now());
    const [mail] = await ctx().db.select().from(outbox).where(eq(outbox.giftId, gift.id));
    expect(mail).toMatchObject({ toAddress: null, subject: null, textBody: null, htmlBody: null });
  });

  it('erases a refunded gift 60 days after the refund, and leaves a paid one alone', async () => {
    ctx().clock.set('2026-05-01T00:00:00Z');
    const { gift: refunded } = await seedGift(ctx(), { status: 'refunded', refundedAt: ctx().clock.now(), refundStartedAt: ctx().clock.now() });
    const { gift: paid } = await seedGift(ctx(), { status: 'paid' });
    ctx().clock.advance(60 * DAY - 1000);
    await purge();
    expect((await row(refunded.id)).senderEmail).not.toBeNull();
    ctx().clock.advance(1000);
    await purge();
    expect((await row(refunded.id)).senderEmail).toBeNull();
    expect((await row(paid.id)).recipientEmail).toBe(paid.recipientEmail);
  });

  it('deletes support messages at 2 years and security log entries at 1 year', async () => {
    ctx().clock.set('2026-06-01T00:00:00Z');
    const at = ctx().clock.now();
    const [msg] = await ctx()
      .db.insert(contactMessages)
      .values({ name: 'Ann', email: 'ann@example.com', category: 'general', subject: 'Hi', message: 'Hello', createdAt: at })
      .returning();
    const [entry] = await ctx().db.insert(securityLog).values({ event: 'admin.login', createdAt: at }).returning();

    ctx().clock.set(new Date(at.getTime() + 365 * DAY - 1));
    await purge();
    expect(await ctx().db.select().from(securityLog).where(eq(securityLog.id, entry!.id))).toHaveLength(1);
    ctx().clock.set(new Date(at.getTime() + 365 * DAY));
    await purge();
    expect(await ctx().db.select().from(securityLog).where(eq(securityLog.id, entry!.id))).toHaveLength(0);
    expect(await ctx().db.select().from(contactMessages).where(eq(contactMessages.id, msg!.id))).toHaveLength(1);

    ctx().clock.set(new Date(at.getTime() + 730 * DAY - 1));
    await purge();
    expect(await ctx().db.select().from(contactMessages).where(eq(contactMessages.id, msg!.id))).toHaveLength(1);
    ctx().clock.set(new Date(at.getTime() + 730 * DAY));
    await purge();
    expect(await ctx().db.select().from(contactMessages).where(eq(contactMessages.id, msg!.id))).toHaveLength(0);
  });

  it('is safe when several purges run at once', async () => {
    ctx().clock.set('2026-01-01T00:00:00Z');
    const seeded = await Promise.all(
      Array.from({ length: 6 }, () => seedGift(ctx(), { status: 'claimed', claimedAt: ctx().clock.now() })),
    );
    ctx().clock.advance(61 * DAY);
    const results = await Promise.all([purge(), purge(), purge()]);
    expect(results.reduce((n, r) => n + r.giftsErased, 0)).toBe(6);
    for (const { gift } of seeded) expect((await row(gift.id)).recipientEmail).toBeNull();
  });
});
