// Donor sign-in by e-mail link: neutral answer, single use, 15-minute life, hashed storage, rate limits, sign-out.
import { and, eq } from 'drizzle-orm';
import { donorLoginTokens, securityLog, sessions } from '../../src/server/db/schema.js';
import { MINUTE, HOUR } from '../../src/server/clock.js';
import { sha256 } from '../../src/server/crypto.js';
import { afterAnswerWorkSettled } from '../../src/server/services/donors/after-answer.js';
import { SIGN_IN_NEUTRAL_MESSAGE } from '../../src/shared/schemas/donor.js';
import { latestSignInToken, seedDonor, signInDonor } from '../helpers/donors.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

let ipSeq = 0;
/** Each test speaks from its own client address so per-client limits of one test do not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const requestLink = (ctx: TestContext, email: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/donor/sign-in/request', payload: { email }, remoteAddress });
const verify = (ctx: TestContext, token: string, remoteAddress: string, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/donor/sign-in/verify', payload: { token }, remoteAddress, cookies });
const profile = (ctx: TestContext, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/donor/profile', cookies: cookie ? { hg_donor: cookie } : {} });

/** Requests a link through the API and answers the token from the e-mail it sent. */
const linkFor = async (ctx: TestContext, email: string, remoteAddress: string) => {
  await requestLink(ctx, email, remoteAddress);
  await afterAnswerWorkSettled();
  return (await latestSignInToken(ctx, email))!;
};

/** What a caller can observe of an answer, minus per-request noise. */
const observable = (res: Awaited<ReturnType<typeof requestLink>>) => {
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

describeEachEngine('donor sign-in', (ctx) => {
  it('e-mails a link to a known address (any case) and the link signs the donor in once', async () => {
    const ip = freshIp();
    const donor = await seedDonor(ctx(), { email: 'Known.Donor@example.com' });
    const res = await requestLink(ctx(), 'known.donor@EXAMPLE.com', ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SIGN_IN_NEUTRAL_MESSAGE });
    await afterAnswerWorkSettled();

    const token = await latestSignInToken(ctx(), donor.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const rows = await ctx().db.select().from(donorLoginTokens).where(eq(donorLoginTokens.donorId, donor.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token!));
    expect(JSON.stringify(rows)).not.toContain(token!);

    const first = await verify(ctx(), token!, ip);
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'hg_donor')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await profile(ctx(), cookie.value);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      firstName: donor.firstName,
      lastName: donor.lastName,
      email: donor.email,
      createdAt: donor.createdAt.toISOString(),
    });

    const again = await verify(ctx(), token!, ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, has expired or was already used/);
    expect(again.cookies.find((c) => c.name === 'hg_donor')).toBeUndefined();

    const logged = await ctx()
      .db.select()
      .from(securityLog)
      .where(and(eq(securityLog.event, 'donor.sign_in'), eq(securityLog.actor, `donor:${donor.id}`)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.ip).toBe(ip);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const known = await seedDonor(ctx());
    const before = await ctx().db.select().from(donorLoginTokens);
    const a = await requestLink(ctx(), known.email, freshIp());
    const b = await requestLink(ctx(), 'nobody-here@example.com', freshIp());
    expect(observable(b)).toEqual(observable(a));
    await afterAnswerWorkSettled();
    const mails = await ctx().flushEmails();
    expect(mails.filter((m) => m.toAddress === 'nobody-here@example.com')).toHaveLength(0);
    expect(mails.filter((m) => m.toAddress === known.email)).toHaveLength(1);
    expect(await ctx().db.select().from(donorLoginTokens)).toHaveLength(before.length + 1);
  });

  it('expires the link after 15 minutes', async () => {
    const ip = freshIp();
    const donor = await seedDonor(ctx());
    const stale = await linkFor(ctx(), donor.email, ip);
    ctx().clock.advance(1000);
    const fresh = await linkFor(ctx(), donor.email, ip);
    expect(fresh).not.toBe(stale);

    // 15 minutes after the first link, one second before the second one ends.
    ctx().clock.advance(15 * MINUTE - 1000);
    expect((await verify(ctx(), stale, ip)).statusCode).toBe(400);
    const justInTime = await verify(ctx(), fresh, ip);
    expect(justInTime.statusCode).toBe(200);
  });

  it('retires the donor’s other outstanding links once one is used', async () => {
    const ip = freshIp();
    const donor = await seedDonor(ctx());
    const older = await linkFor(ctx(), donor.email, ip);
    const newer = await linkFor(ctx(), donor.email, ip);
    expect((await verify(ctx(), newer, ip)).statusCode).toBe(200);
    expect((await verify(ctx(), older, ip)).statusCode).toBe(400);
  });

  it('gives one session when the same link is opened twice in parallel', async () => {
    const ip = freshIp();
    const donor = await seedDonor(ctx());
    const token = await linkFor(ctx(), donor.email, ip);
    const results = await Promise.all(Array.from({ length: 5 }, () => verify(ctx(), token, ip)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    const live = await ctx()
      .db.select()
      .from(sessions)
      .where(and(eq(sessions.kind, 'donor'), eq(sessions.subjectId, donor.id)));
    expect(live).toHaveLength(1);
  });

  it('limits requests per address, whether or not it has an account, and says when to retry', async () => {
    for (const email of [(await seedDonor(ctx())).email, 'no-account-limit@example.com']) {
      for (let i = 0; i < 5; i++) expect((await requestLink(ctx(), email, freshIp())).statusCode).toBe(200);
      const limited = await requestLink(ctx(), email.toUpperCase(), freshIp());
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Too many sign-in requests. Please try again in 1 hour.');
      expect(Number(limited.headers['retry-after'])).toBe(3600);
    }
    await afterAnswerWorkSettled();
    // Another address from another client is unaffected.
    expect((await requestLink(ctx(), 'someone-else@example.com', freshIp())).statusCode).toBe(200);
    await afterAnswerWorkSettled();
  });

  it('limits requests per client across addresses, and lifts the limit when the window passes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await requestLink(ctx(), `client-limit-${i}@example.com`, ip)).statusCode).toBe(200);
    }
    ctx().clock.advance(20 * MINUTE);
    const limited = await requestLink(ctx(), 'client-limit-x@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many sign-in requests. Please try again in 40 minutes.');
    expect(limited.headers['retry-after']).toBe(String(40 * 60));
    ctx().clock.advance(40 * MINUTE);
    expect((await requestLink(ctx(), 'client-limit-x@example.com', ip)).statusCode).toBe(200);
    await afterAnswerWorkSettled();
  });

  it('holds the per-address limit under parallel requests', async () => {
    const email = 'parallel-limit@example.com';
    const results = await Promise.all(Array.from({ length: 12 }, () => requestLink(ctx(), email, freshIp())));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(7);
    await afterAnswerWorkSettled();
  });

  it('answers bad input with 400 naming the field', async () => {
    const ip = freshIp();
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/donor/sign-in/request', {}, /^email: /],
      ['/api/donor/sign-in/request', { email: 'not-an-email' }, /^email: Please enter a valid email address$/],
      ['/api/donor/sign-in/request', { email: 'a@example.com', admin: true }, /Unexpected field: admin/],
      ['/api/donor/sign-in/verify', {}, /^token: /],
      ['/api/donor/sign-in/verify', { token: 'x'.repeat(500) }, /^token: /],
    ];
    for (const [url, payload, message] of cases) {
      const res = await ctx().app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const unknownToken = await verify(ctx(), 'A'.repeat(43), ip);
    expect(unknownToken.statusCode).toBe(400);
  });

  it('stops a client that keeps trying bad links', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await verify(ctx(), `bad-${i}`, ip)).statusCode).toBe(400);
    const limited = await verify(ctx(), 'bad-x', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    ctx().clock.advance(HOUR);
  });

  it('answers 401 without a session, and after sign-out the old cookie is dead on the server', async () => {
    for (const url of ['/api/donor/profile', '/api/donor/gift-history']) {
      const none = await ctx().app.inject({ method: 'GET', url });
      expect(none.statusCode).toBe(401);
      expect(none.json().message).toBe('Please sign in to continue');
      const forged = await ctx().app.inject({ method: 'GET', url, cookies: { hg_donor: 'forged-session-id' } });
      expect(forged.statusCode).toBe(401);
    }
    const donor = await seedDonor(ctx());
    const cookie = await signInDonor(ctx(), donor, freshIp());
    expect((await profile(ctx(), cookie)).statusCode).toBe(200);

    const out = await ctx().app.inject({ method: 'POST', url: '/api/donor/logout', cookies: { hg_donor: cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'hg_donor');
    expect(cleared?.value).toBe('');
    // Replaying the old cookie value does not bring the session back.
    expect((await profile(ctx(), cookie)).statusCode).toBe(401);
    const history = await ctx().app.inject({
      method: 'GET',
      url: '/api/donor/gift-history',
      cookies: { hg_donor: cookie },
    });
    expect(history.statusCode).toBe(401);
    const left = await ctx()
      .db.select()
      .from(sessions)
      .where(and(eq(sessions.kind, 'donor'), eq(sessions.subjectId, donor.id)));
    expect(left).toHaveLength(0);
  });

  it('ends the session after 30 idle minutes', async () => {
    const donor = await seedDonor(ctx());
    const cookie = await signInDonor(ctx(), donor, freshIp());
    ctx().clock.advance(29 * MINUTE);
    expect((await profile(ctx(), cookie)).statusCode).toBe(200);
    ctx().clock.advance(31 * MINUTE);
    expect((await profile(ctx(), cookie)).statusCode).toBe(401);
  });

  it('replaces a session the browser already had when a new link is opened', async () => {
    const donor = await seedDonor(ctx());
    const ip = freshIp();
    const old = await signInDonor(ctx(), donor, ip);
    const token = await linkFor(ctx(), donor.email, ip);
    const res = await verify(ctx(), token, ip, { hg_donor: old });
    const next = res.cookies.find((c) => c.name === 'hg_donor')!.value;
    expect(next).not.toBe(old);
    expect((await profile(ctx(), old)).statusCode).toBe(401);
    expect((await profile(ctx(), next)).statusCode).toBe(200);
  });
});
