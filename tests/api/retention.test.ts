// Retention boundaries with the injected clock: personal data of finished gifts (claimed, refunded, or never paid)
// goes at 60 days, support messages at 2 years, security log entries at 1 year; expired sessions, sign-in links
// and rate records a day after they stop mattering; payment records stay.
import { eq } from 'drizzle-orm';
import {
  contactMessages,
  donorLoginTokens,
  donors,
  gifts,
  outbox,
  rateEvents,
  securityLog,
  sessions,
} from '../../src/server/db/schema.js';
import { DAY, HOUR } from '../../src/server/clock.js';
import { purgeExpiredData } from '../../src/server/services/retention/purge.js';
import { claimedGift, disputedGift, givenGift, pendingGift, refundedGift } from '../helpers/gifts.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { giftRowColumns } from '../helpers/gift-row.js';

const PERSONAL_FIELDS = [
  'recipientFirstName',
  'recipientLastName',
  'recipientEmail',
  'personalNote',
  'securityQuestion',
  'securityAnswerHash',
  'claimTokenHash',
  'senderFirstName',
  'senderLastName',
  'senderEmail',
] as const;

describeEachEngine('data retention', (ctx) => {
  const purge = () => purgeExpiredData(ctx().deps);
  const row = async (id: number) => (await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.id, id)))[0]!;
  const nothing = {
    giftsErased: 0,
    contactMessagesDeleted: 0,
    securityLogDeleted: 0,
    auditLogDeleted: 0,
    housekeeping: 0,
    payoutAccountsDeleted: 0,
    failedLoginAddressesHashed: 0,
    groupGiftsErased: 0,
  };

  // The gifts' own erasure: what the flows leave besides (claim sessions, sign-in links) is housekeeping's, counted
  // in its own test below.
  const { housekeeping: _housekeeping, ...noGifts } = nothing;
  const purgeGifts = async () => {
    const { housekeeping: _done, ...rest } = await purge();
    return rest;
  };

  // Each test starts in a fresh era: the clock moves forward past every retention period and one purge takes
  // whatever earlier tests left, so the counts below are exact and no test depends on another's rows.
  beforeEach(async () => {
    ctx().clock.advance(3 * 366 * DAY);
    await purge();
  });

  it('erases a claimed gift’s personal data exactly at 60 days and keeps the payment record', async () => {
    const t0 = ctx().clock.now().getTime();
    const { gift } = await claimedGift(ctx(), { securityAnswer: 'Rex' });
    expect(gift.transferId).not.toBeNull();

    ctx().clock.set(new Date(t0 + 60 * DAY - 1));
    expect(await purgeGifts()).toEqual(noGifts);
    expect((await row(gift.id)).recipientEmail).toBe(gift.recipientEmail);

    ctx().clock.set(new Date(t0 + 60 * DAY));
    // The claim linked the address to a payout account: it goes with the last gift keeping the address.
    expect(await purgeGifts()).toEqual({ ...noGifts, giftsErased: 1, payoutAccountsDeleted: 1 });
    const after = await row(gift.id);
    for (const field of PERSONAL_FIELDS) expect(after[field], field).toBeNull();
    expect(after).toMatchObject({
      status: 'claimed',
      amountCents: gift.amountCents,
      feeCents: gift.feeCents,
      tipCents: gift.tipCents,
      paymentIntentId: gift.paymentIntentId,
      chargeId: gift.chargeId,
      transferId: gift.transferId,
    });
    expect(after.claimedAt).toEqual(gift.claimedAt);
    expect(after.personalDataErasedAt).toEqual(ctx().clock.now());
    // Every e-mail about the gift (claim link, receipt, claim confirmations) keeps only its record.
    const mails = await ctx().db.select().from(outbox).where(eq(outbox.giftId, gift.id));
    expect(mails.length).toBeGreaterThan(1);
    for (const mail of mails)
      expect(mail).toMatchObject({ toAddress: null, subject: null, textBody: null, htmlBody: null });
    expect(await purgeGifts()).toEqual(noGifts);
  });

  it('erases a refunded gift 60 days after the refund, and leaves a paid one alone', async () => {
    const { gift: refunded } = await refundedGift(ctx());
    const { gift: paid } = await givenGift(ctx());
    ctx().clock.advance(60 * DAY - 1000);
    expect(await purgeGifts()).toEqual(noGifts);
    expect((await row(refunded.id)).senderEmail).not.toBeNull();
    ctx().clock.advance(1000);
    expect(await purgeGifts()).toEqual({ ...noGifts, giftsErased: 1 });
    expect((await row(refunded.id)).senderEmail).toBeNull();
    expect((await row(paid.id)).recipientEmail).toBe(paid.recipientEmail);
  });

  it('erases a gift closed by a lost card dispute 60 days after it was closed', async () => {
    const { gift } = await disputedGift(ctx());
    ctx().clock.advance(60 * DAY - 1000);
    expect(await purgeGifts()).toEqual(noGifts);
    ctx().clock.advance(1000);
    expect(await purgeGifts()).toEqual({ ...noGifts, giftsErased: 1 });
    expect(await row(gift.id)).toMatchObject({ status: 'disputed', senderEmail: null, recipientEmail: null });
  });

  it('erases a never-paid gift 60 days after its checkout was abandoned, or after it was created', async () => {
    const t0 = ctx().clock.now().getTime();
    // Never heard of again after it was started.
    const { gift: started } = await pendingGift(ctx());
    // Its checkout expired a day later (the provider's 24 hours): the sender opened it again too late.
    const { gift: abandoned, checkoutUrl } = await pendingGift(ctx());
    ctx().clock.set(new Date(t0 + DAY));
    expect((await ctx().app.inject({ method: 'GET', url: checkoutUrl.pathname })).statusCode).toBe(410);
    expect((await row(abandoned.id)).abandonedAt).toEqual(new Date(t0 + DAY));

    ctx().clock.set(new Date(t0 + 60 * DAY - 1));
    expect(await purgeGifts()).toEqual(noGifts);
    ctx().clock.set(new Date(t0 + 60 * DAY));
    expect(await purgeGifts()).toEqual({ ...noGifts, giftsErased: 1 });
    const erased = await row(started.id);
    for (const field of PERSONAL_FIELDS) expect(erased[field], field).toBeNull();
    expect(erased).toMatchObject({
      status: 'pending',
      amountCents: started.amountCents,
      totalCents: started.totalCents,
    });
    expect((await row(abandoned.id)).recipientEmail).toBe(abandoned.recipientEmail);

    ctx().clock.set(new Date(t0 + 61 * DAY - 1));
    expect(await purgeGifts()).toEqual(noGifts);
    ctx().clock.set(new Date(t0 + 61 * DAY));
    expect(await purgeGifts()).toEqual({ ...noGifts, giftsErased: 1 });
    expect((await row(abandoned.id)).recipientEmail).toBeNull();
    expect((await row(abandoned.id)).personalNote).toBeNull();
  });

  it('deletes support messages at 2 years and security log entries at 1 year', async () => {
    const at = ctx().clock.now();
    const [msg] = await ctx()
      .db.insert(contactMessages)
      .values({
        name: 'Ann',
        email: 'ann@example.com',
        category: 'general',
        subject: 'Hi',
        message: 'Hello',
        createdAt: at,
      })
      .returning();
    const [entry] = await ctx().db.insert(securityLog).values({ event: 'admin.login', createdAt: at }).returning();

    ctx().clock.set(new Date(at.getTime() + 365 * DAY - 1));
    expect(await purge()).toEqual(nothing);
    expect(await ctx().db.select().from(securityLog).where(eq(securityLog.id, entry!.id))).toHaveLength(1);
    ctx().clock.set(new Date(at.getTime() + 365 * DAY));
    expect(await purge()).toEqual({ ...nothing, securityLogDeleted: 1 });
    expect(await ctx().db.select().from(securityLog).where(eq(securityLog.id, entry!.id))).toHaveLength(0);
    expect(await ctx().db.select().from(contactMessages).where(eq(contactMessages.id, msg!.id))).toHaveLength(1);

    ctx().clock.set(new Date(at.getTime() + 730 * DAY - 1));
    expect(await purge()).toEqual(nothing);
    expect(await ctx().db.select().from(contactMessages).where(eq(contactMessages.id, msg!.id))).toHaveLength(1);
    ctx().clock.set(new Date(at.getTime() + 730 * DAY));
    expect(await purge()).toEqual({ ...nothing, contactMessagesDeleted: 1 });
    expect(await ctx().db.select().from(contactMessages).where(eq(contactMessages.id, msg!.id))).toHaveLength(0);
  });

  it('deletes sessions past their absolute limit or a day idle, sign-in links and rate records a day after they end', async () => {
    const now = ctx().clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const later = (ms: number) => new Date(now.getTime() + ms);
    const session = (idHash: string, lastSeenAt: Date, absoluteExpiresAt: Date) => ({
      idHash,
      kind: 'admin',
      subjectId: 1,
      createdAt: ago(2 * DAY),
      lastSeenAt,
      absoluteExpiresAt,
    });
    await ctx()
      .db.insert(sessions)
      .values([
        session('live', now, later(HOUR)),
        session('idle-just-a-day', ago(DAY), later(HOUR)),
        session('idle-longer', ago(DAY + 1), later(HOUR)),
        session('past-absolute-limit', now, ago(1)),
        session('at-absolute-limit', now, now),
      ]);
    const [donor] = await ctx()
      .db.insert(donors)
      .values({ email: `retention-${now.getTime()}@example.com`, firstName: 'D', lastName: 'N', createdAt: now })
      .returning();
    const link = (tokenHash: string, expiresAt: Date) => ({
      tokenHash,
      donorId: donor!.id,
      createdAt: ago(2 * DAY),
      expiresAt,
    });
    await ctx()
      .db.insert(donorLoginTokens)
      .values([
        link('link-valid', later(HOUR)),
        link('link-ended-a-day-ago', ago(DAY)),
        link('link-ended-longer', ago(DAY + 1)),
      ]);
    await ctx()
      .db.insert(rateEvents)
      .values([
        { bucket: 'retention-test', createdAt: ago(DAY) },
        { bucket: 'retention-test', createdAt: ago(DAY + 1) },
        { bucket: 'retention-test', createdAt: now },
      ]);

    expect(await purge()).toEqual({ ...nothing, housekeeping: 4 });
    const left = await ctx().db.select({ id: sessions.idHash }).from(sessions);
    expect(left.map((s) => s.id).sort()).toEqual(['at-absolute-limit', 'idle-just-a-day', 'live']);
    const links = await ctx().db.select({ id: donorLoginTokens.tokenHash }).from(donorLoginTokens);
    expect(links.map((l) => l.id).sort()).toEqual(['link-ended-a-day-ago', 'link-valid']);
    const attempts = await ctx()
      .db.select({ at: rateEvents.createdAt })
      .from(rateEvents)
      .where(eq(rateEvents.bucket, 'retention-test'));
    expect(attempts.map((a) => a.at.getTime()).sort()).toEqual([ago(DAY).getTime(), now.getTime()]);
  });

  it('is safe when several purges run at once', async () => {
    const seeded = await Promise.all(Array.from({ length: 6 }, () => claimedGift(ctx())));
    ctx().clock.advance(61 * DAY);
    const results = await Promise.all([purge(), purge(), purge()]);
    expect(results.reduce((n, r) => n + r.giftsErased, 0)).toBe(6);
    for (const { gift } of seeded) expect((await row(gift.id)).recipientEmail).toBeNull();
  });
});
