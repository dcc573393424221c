// The donor's profile and gift history: only their own gifts, only paid ones onward, newest first; stats add up.
import { DAY, HOUR } from '../../src/server/clock.js';
import { createSession } from '../../src/server/services/sessions.js';
import { donorStats } from '../../src/shared/donor-stats.js';
import type { DonorGift } from '../../src/shared/schemas/donor.js';
import { seedDonor, signInDonor } from '../helpers/donors.js';
import { seedGift } from '../helpers/seed.js';
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
    const a1 = await seedGift(ctx(), {
      donorId: alice.id,
      amountCents: 2500,
      createdAt: at(1),
      recipientFirstName: 'Ann',
    });
    const a2 = await seedGift(ctx(), {
      donorId: alice.id,
      amountCents: 10000,
      createdAt: at(3),
      recipientFirstName: 'Amy',
    });
    await seedGift(ctx(), { donorId: alice.id, status: 'pending', createdAt: at(4) });
    const b1 = await seedGift(ctx(), {
      donorId: bob.id,
      amountCents: 7777,
      createdAt: at(2),
      recipientFirstName: 'Ben',
    });
    // A gift by an anonymous sender with no account.
    await seedGift(ctx(), { createdAt: at(5) });

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
    for (const secret of ['senderEmail', 'sam', 'claimToken', 'pi_seed']) {
      expect(body).not.toContain(secret);
    }
  });

  it('shows the planned delivery date of a scheduled gift', async () => {
    const donor = await seedDonor(ctx(), { firstName: 'Dora' });
    const deliverAt = new Date(ctx().clock.now().getTime() + 10 * DAY);
    const scheduled = await seedGift(ctx(), { donorId: donor.id, deliverAt, deliveryTimeZone: 'Europe/Paris' });
    const [gift] = await history(ctx(), await signInDonor(ctx(), donor));
    expect(gift).toMatchObject({ id: scheduled.gift.publicId, deliverAt: deliverAt.toISOString() });
  });

  it('answers an empty history for a donor with no paid gifts', async () => {
    const donor = await seedDonor(ctx());
    await seedGift(ctx(), { donorId: donor.id, status: 'pending' });
    expect(await history(ctx(), await signInDonor(ctx(), donor))).toEqual([]);
  });

  it('lists every status past pending, and the overview stats add up', async () => {
    const donor = await seedDonor(ctx());
    const base = ctx().clock.now().getTime();
    const seeded: Array<[string, number]> = [
      ['pending', 999_00],
      ['paid', 25_00],
      ['claimed', 50_00],
      ['claimed', 12_34],
      ['expired', 100_00],
      ['refunded', 5_00],
    ];
    for (const [i, [status, amountCents]] of seeded.entries()) {
      await seedGift(ctx(), {
        donorId: donor.id,
        status,
        amountCents,
        createdAt: new Date(base + i * DAY),
        claimedAt: status === 'claimed' ? new Date(base + i * DAY + HOUR) : null,
      });
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
