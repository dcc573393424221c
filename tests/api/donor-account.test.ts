// The donor's profile and gift history: only their own gifts, only paid ones onward, newest first; stats add up.
import { DAY, HOUR } from '../../src/server/clock.js';
import { createSession } from '../../src/server/services/sessions.js';
import { donorStats } from '../../src/shared/donor-stats.js';
import type { DonorGift } from '../../src/shared/schemas/donor.js';
import { donorGift, seedDonor, signInDonor } from '../helpers/donors.js';
import { claimPaidGift, givenGift, type GiftStatus } from '../helpers/gifts.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const history = async (ctx: TestContext, cookie: string): Promise<DonorGift[]> => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/donor/gift-history', cookies: { hg_donor: cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
};

describeEachEngine('donor account', (ctx) => {
  it('shows each donor only their own paid gifts, newest first', async () => {
    const alice = await seedDonor(ctx(), { firstName: 'Alice' });
    const bob = await seedDonor(ctx(), { firstName: 'Bob' });
    const start = ctx().clock.now();
    const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
    // Made in time order, each created (and paid) at its hour.
    ctx().clock.set(at(1));
    const a1 = await donorGift(ctx(), alice, 'paid', { amountCents: 2500, recipientFirstName: 'Ann' });
    ctx().clock.set(at(2));
    const b1 = await donorGift(ctx(), bob, 'paid', { amountCents: 7777, recipientFirstName: 'Ben' });
    ctx().clock.set(at(3));
    const a2 = await donorGift(ctx(), alice, 'paid', { amountCents: 10000, recipientFirstName: 'Amy' });
    ctx().clock.set(at(4));
    await donorGift(ctx(), alice, 'pending');
    ctx().clock.set(at(5));
    // A gift by an anonymous sender with no account.
    await givenGift(ctx());

    const aliceGifts = await history(ctx(), await signInDonor(ctx(), alice));
    const bobGifts = await history(ctx(), await signInDonor(ctx(), bob));
    expect(aliceGifts.map((g) => g.id)).toEqual([a2.gift.publicId, a1.gift.publicId]);
    expect(bobGifts.map((g) => g.id)).toEqual([b1.gift.publicId]);
    expect(aliceGifts[0]).toEqual({
      id: a2.gift.publicId,
      amount: '100.00',
      recipientGets: '100.00',
      status: 'paid',
      recipientFirstName: 'Amy',
      recipientLastName: 'Recipient',
      createdAt: at(3).toISOString(),
      claimedAt: null,
      deliverAt: null,
    });
    expect(bobGifts[0]).toMatchObject({ amount: '77.77', recipientGets: '77.77', recipientFirstName: 'Ben' });
    // Nothing about the sender, payment ids or the claim secret in the answer.
    const body = JSON.stringify(aliceGifts);
    for (const secret of ['senderEmail', alice.email, 'claimToken', a2.gift.paymentIntentId!]) {
      expect(body).not.toContain(secret);
    }
  });

  it('shows the planned delivery date of a scheduled gift', async () => {
    const donor = await seedDonor(ctx(), { firstName: 'Dora' });
    const date = new Date(ctx().clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10);
    const scheduled = await donorGift(ctx(), donor, 'paid', { delivery: { date, timeZone: 'Europe/Paris' } });
    // 09:00 in Paris on the chosen day (08:00 UTC in winter).
    const deliverAt = new Date(`${date}T08:00:00Z`);
    expect(scheduled.gift.deliverAt).toEqual(deliverAt);
    const [gift] = await history(ctx(), await signInDonor(ctx(), donor));
    expect(gift).toMatchObject({ id: scheduled.gift.publicId, deliverAt: deliverAt.toISOString() });
  });

  it('answers an empty history for a donor with no paid gifts', async () => {
    const donor = await seedDonor(ctx());
    await donorGift(ctx(), donor, 'pending');
    expect(await history(ctx(), await signInDonor(ctx(), donor))).toEqual([]);
  });

  it('lists every status past pending, and the overview stats add up', async () => {
    const donor = await seedDonor(ctx());
    const base = ctx().clock.now().getTime();
    const seeded: Array<[GiftStatus, number]> = [
      ['pending', 999_00],
      ['paid', 25_00],
      ['claimed', 50_00],
      ['claimed', 12_34],
      ['expired', 100_00],
      ['refunded', 5_00],
    ];
    // One a day; a claimed one is claimed an hour after its payment.
    for (const [i, [status, amountCents]] of seeded.entries()) {
      ctx().clock.set(new Date(base + i * DAY));
      const given = await donorGift(ctx(), donor, status === 'claimed' ? 'paid' : status, { amountCents });
      if (status === 'claimed') {
        ctx().clock.advance(HOUR);
        await claimPaidGift(ctx(), given);
      }
    }
    const gifts = await history(ctx(), await signInDonor(ctx(), donor));
    expect(gifts.map((g) => g.status)).toEqual(['refunded', 'expired', 'claimed', 'claimed', 'paid']);
    const claimed = gifts.find((g) => g.amount === '12.34')!;
    expect(claimed.claimedAt).toBe(new Date(base + 3 * DAY + HOUR).toISOString());
    expect(donorStats(gifts)).toEqual({
      totalGifts: 5,
      totalAmountCents: 25_00 + 50_00 + 12_34 + 100_00 + 5_00,
      claimedGifts: 2,
      deliveredCents: 50_00 + 12_34,
    });
  });

  it('treats a session whose donor no longer exists as no session', async () => {
    const orphan = await createSession(ctx().db, ctx().clock, 'donor', 987_654);
    for (const url of ['/api/donor/profile', '/api/donor/gift-history']) {
      const res = await ctx().app.inject({ method: 'GET', url, cookies: { hg_donor: orphan } });
      expect(res.statusCode, url).toBe(401);
    }
    // An admin session is not a donor session.
    const admin = await createSession(ctx().db, ctx().clock, 'admin', 1);
    const res = await ctx().app.inject({ method: 'GET', url: '/api/donor/profile', cookies: { hg_donor: admin } });
    expect(res.statusCode).toBe(401);
  });
});
