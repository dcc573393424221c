// Cross-site requests cannot change state: a cookie-authenticated write from another origin is refused with
// nothing changed; the same write from our own origin goes through.
import { and, eq } from 'drizzle-orm';
import { donors, gifts, sessions } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { createSession } from '../../src/server/services/sessions.js';
import { givenGift, passExpiry } from '../helpers/gifts.js';
import { describeEachEngine } from '../helpers/test-app.js';

const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

describeEachEngine('cross-site request forgery', (ctx) => {
  let adminCookie = '';

  const signIn = async () => {
    const login = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'csrf.admin@example.com', password: 'a-long-password' },
    });
    return `hg_admin=${login.cookies.find((c) => c.name === 'hg_admin')!.value}`;
  };

  beforeAll(async () => {
    const { app } = ctx();
    const setup = await app.inject({
      method: 'POST',
      url: '/api/admin/setup',
      payload: { email: 'csrf.admin@example.com', password: 'a-long-password', firstName: 'Ada', lastName: 'Admin' },
    });
    expect(setup.statusCode).toBeLessThan(300);
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'csrf.admin@example.com', password: 'a-long-password' },
    });
    const cookie = login.cookies.find((c) => c.name === 'hg_admin')!;
    adminCookie = `hg_admin=${cookie.value}`;
  });

  it('refuses a cross-site admin write with a valid session, and changes nothing', async () => {
    const { gift } = await givenGift(ctx());
    passExpiry(ctx(), gift, DAY);
    // A day later the admin session would have lapsed: signed in again, as the operator would be.
    adminCookie = await signIn();
    const forged = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/process-expired',
      headers: { ...EVIL, cookie: adminCookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/Cross-site/);
    const [still] = await ctx().db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(still!.status).toBe('paid');

    const genuine = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/process-expired',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', cookie: adminCookie },
    });
    expect(genuine.statusCode).toBe(200);
    const [after] = await ctx().db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(after!.status).toBe('refunded');
  });

  it('refuses a cross-site donor sign-out: the session survives', async () => {
    const [donor] = await ctx()
      .db.insert(donors)
      .values({ email: 'csrf.donor@example.com', firstName: 'Dora', lastName: 'Donor', createdAt: ctx().clock.now() })
      .returning();
    const sid = await createSession(ctx().db, ctx().clock, 'donor', donor!.id);
    const forged = await ctx().app.inject({
      method: 'POST',
      url: '/api/donor/logout',
      headers: { ...EVIL, cookie: `hg_donor=${sid}` },
    });
    expect(forged.statusCode).toBe(403);
    expect(
      await ctx()
        .db.select()
        .from(sessions)
        .where(and(eq(sessions.kind, 'donor'), eq(sessions.subjectId, donor!.id))),
    ).toHaveLength(1);
    const profile = await ctx().app.inject({
      method: 'GET',
      url: '/api/donor/profile',
      headers: { cookie: `hg_donor=${sid}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a cross-site form post to the sandbox checkout too', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/sandbox/checkout/cs_anything',
      headers: { ...EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&name=x&card=4242424242424242',
    });
    expect(res.statusCode).toBe(403);
  });
});
