// "Delete account" (decision 012): erases the donor's profile, unlinks their gifts (which stay, with their
// payment records), ends every session and sign-in link; only for the signed-in donor.
import { eq } from 'drizzle-orm';
import { donorLoginTokens, donors, gifts, securityLog, sessions } from '../../src/server/db/schema.js';
import { donorGift, seedDonor, signInDonor } from '../helpers/donors.js';
import { describeEachEngine } from '../helpers/test-app.js';

describeEachEngine('donor delete account', (ctx) => {
  const del = (cookie?: string) =>
    ctx().app.inject({ method: 'DELETE', url: '/api/donor/account', cookies: cookie ? { hg_donor: cookie } : {} });

  it('needs a donor session', async () => {
    const res = await del();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'AUTH_REQUIRED', message: 'Please sign in to continue' });
    expect((await del('forged')).statusCode).toBe(401);
  });

  it('erases the profile, unlinks the gifts and ends every session of that donor only', async () => {
    const dora = await seedDonor(ctx(), { firstName: 'Dora' });
    const other = await seedDonor(ctx(), { firstName: 'Otto' });
    const mine = await donorGift(ctx(), dora, 'paid');
    const theirs = await donorGift(ctx(), other, 'paid');
    const cookie = await signInDonor(ctx(), dora);
    const secondDevice = await signInDonor(ctx(), dora);
    const otherCookie = await signInDonor(ctx(), other);

    const res = await del(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your donor account has been deleted' });
    expect(res.cookies.find((c) => c.name === 'hg_donor')?.value).toBe('');

    expect(await ctx().db.select().from(donors).where(eq(donors.id, dora.id))).toEqual([]);
    const [gift] = await ctx().db.select().from(gifts).where(eq(gifts.id, mine.gift.id));
    expect(gift).toMatchObject({ donorId: null, status: 'paid', amountCents: mine.gift.amountCents });
    expect(await ctx().db.$count(donorLoginTokens, eq(donorLoginTokens.donorId, dora.id))).toBe(0);
    expect(await ctx().db.$count(sessions, eq(sessions.subjectId, dora.id))).toBe(0);
    for (const c of [cookie, secondDevice]) {
      const profile = await ctx().app.inject({ method: 'GET', url: '/api/donor/profile', cookies: { hg_donor: c } });
      expect(profile.statusCode).toBe(401);
    }
    expect((await del(cookie)).statusCode).toBe(401);

    // The other donor keeps everything.
    const [kept] = await ctx().db.select().from(gifts).where(eq(gifts.id, theirs.gift.id));
    expect(kept!.donorId).toBe(other.id);
    const profile = await ctx().app.inject({
      method: 'GET',
      url: '/api/donor/profile',
      cookies: { hg_donor: otherCookie },
    });
    expect(profile.json().firstName).toBe('Otto');
    const events = await ctx().db.select().from(securityLog).where(eq(securityLog.event, 'donor.account_deleted'));
    expect(events.map((e) => e.actor)).toEqual([`donor:${dora.id}`]);
  });
});
