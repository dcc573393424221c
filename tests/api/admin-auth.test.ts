// Admin setup, login, throttling and sessions: one owner even under a race, one answer for bad credentials,
// lockout counted in the database, and every protected endpoint closed without a live session.
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { admins, securityLog } from '../../src/server/db/schema.js';
import { MINUTE } from '../../src/server/clock.js';
import { ADMIN, adminCookie, setupAdmin } from '../helpers/admin.js';
import { describeEachEngine } from '../helpers/test-app.js';

const PROTECTED: Array<{ method: 'GET' | 'POST'; url: string }> = [
  { method: 'POST', url: '/api/admin/logout' },
  { method: 'GET', url: '/api/admin/stats' },
  { method: 'GET', url: '/api/admin/gifts/recent' },
  { method: 'GET', url: '/api/admin/gifts/search?q=rita' },
  { method: 'POST', url: '/api/admin/gifts/1/resend-email' },
  { method: 'POST', url: '/api/admin/process-expired' },
];

describeEachEngine('admin setup, login and sessions', (ctx) => {
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);

  it('reports setup needed, validates with readable messages, and creates exactly one admin under a race', async () => {
    const needed = await inject({ method: 'GET', url: '/api/admin/setup-needed' });
    expect(needed.json()).toEqual({ setupNeeded: true, setupCodeRequired: false });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ADMIN, email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ ...ADMIN, password: 'short' }, 'Password must be at least 12 characters'],
      [{ ...ADMIN, password: 'password1234' }, 'list of commonly used passwords'],
      [{ ...ADMIN, firstName: '  ' }, 'First name is required'],
      [{ ...ADMIN, lastName: '' }, 'Last name is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await inject({ method: 'POST', url: '/api/admin/setup', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }

    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inject({ method: 'POST', url: '/api/admin/setup', payload: { ...ADMIN, email: `owner${i}@example.com` } }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    expect(attempts.find((r) => r.statusCode === 403)!.json().message).toMatch(/already been completed/);
    const [{ n }] = (await ctx().db.select({ n: count() }).from(admins)) as [{ n: number }];
    expect(n).toBe(1);

    const [admin] = await ctx().db.select().from(admins);
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await inject({ method: 'GET', url: '/api/admin/setup-needed' })).json()).toEqual({
      setupNeeded: false,
      setupCodeRequired: false,
    });
    // The winner of the race is the owner; make it the known test admin.
    await ctx().db.update(admins).set({ email: ADMIN.email }).where(eq(admins.id, admin!.id));
  });

  it('refuses a second setup', async () => {
    await setupAdmin(ctx());
    const res = await inject({
      method: 'POST',
      url: '/api/admin/setup',
      payload: { ...ADMIN, email: 'late@example.com' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describeEachEngine('admin login and sessions', (ctx) => {
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  beforeAll(async () => {
    await setupAdmin(ctx());
  });
  // Every test starts past the 15-minute throttle windows of the tests before it.
  beforeEach(() => {
    ctx().clock.advance(16 * MINUTE);
  });

  it('logs in with a secure session cookie and answers one message for a wrong e-mail or password', async () => {
    const missing = await inject({ method: 'POST', url: '/api/admin/login', payload: { email: '', password: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Please enter both email and password');

    const ok = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'OWNER@example.com ', password: ADMIN.password },
      remoteAddress: '10.0.0.9',
    });
    expect(ok.statusCode).toBe(200);
    const cookie = ok.cookies.find((c) => c.name === 'hg_admin')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');

    const wrongPassword = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: 'nope nope' },
      remoteAddress: '10.0.0.9',
    });
    const wrongEmail = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'who@example.com', password: ADMIN.password },
      remoteAddress: '10.0.0.9',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json().message).toBe('Invalid email or password');

    const logged = await ctx().db.select().from(securityLog);
    expect(logged.map((l) => l.event)).toEqual(
      expect.arrayContaining(['admin.setup', 'admin.login', 'admin.login_failed']),
    );
  });

  it('locks the (account, client address) pair after 5 failures in 15 minutes, not the account for everyone', async () => {
    const ip = '10.1.0.1';
    const fail = (from = ip) =>
      inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: 'wrong password' },
        remoteAddress: from,
      });
    const login = (from: string) =>
      inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
        remoteAddress: from,
      });
    for (let i = 0; i < 5; i++) expect((await fail()).statusCode).toBe(401);
    // Even the right password from the same address is refused while the pair is locked …
    const locked = await login(ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // … but the owner signs in from their own address: a stranger's failures do not lock them out.
    expect((await login('10.2.0.1')).statusCode).toBe(200);

    ctx().clock.advance(10 * MINUTE);
    const later = await login(ip);
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toContain('in 5 minutes');

    ctx().clock.advance(5 * MINUTE + 1000);
    expect((await login(ip)).statusCode).toBe(200);
    const events = (await ctx().db.select().from(securityLog)).map((l) => l.event);
    expect(events).toContain('admin.lockout');
  });

  it('counts an IPv6 client by its /64', async () => {
    const fail = (from: string) =>
      inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: 'wrong password' },
        remoteAddress: from,
      });
    for (let i = 1; i <= 5; i++) expect((await fail(`2001:db8:aa:bb::${i}`)).statusCode).toBe(401);
    const sameNetwork = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
      remoteAddress: '2001:db8:aa:bb:1:2:3:4',
    });
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
      remoteAddress: '2001:db8:aa:bc::1',
    });
    expect(otherNetwork.statusCode).toBe(200);
    ctx().clock.advance(16 * MINUTE);
  });

  it('lets a parallel burst of wrong passwords try no more than 5 times', async () => {
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: 'burst@example.com', password: `wrong ${i}` },
          remoteAddress: '10.7.0.1',
        }),
      ),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    ctx().clock.advance(16 * MINUTE);
  });

  it('throttles a client address that fails across many accounts', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) {
      const res = await inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: `guess${i}@example.com`, password: 'whatever1' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
      remoteAddress: '10.9.9.10',
    });
    expect(elsewhere.statusCode).toBe(200);
    ctx().clock.advance(16 * MINUTE);
  });

  it('answers 401 on every protected endpoint without a session, with a bogus one, after logout and after the idle timeout', async () => {
    for (const { method, url } of PROTECTED) {
      expect((await inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await inject({ method, url, headers: { cookie: 'hg_admin=forged' } })).statusCode,
        `${method} ${url}`,
      ).toBe(401);
    }

    const cookie = await adminCookie(ctx());
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(200);
    const out = await inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'hg_admin')?.value).toBe('');
    for (const { method, url } of PROTECTED) {
      const res = await inject({ method, url, headers: { cookie } });
      expect(res.statusCode, `${method} ${url} after logout`).toBe(401);
      expect(res.json().message).toBe('Please log in as an admin to continue');
    }

    const idle = await adminCookie(ctx());
    ctx().clock.advance(29 * MINUTE);
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: idle } })).statusCode).toBe(200);
    ctx().clock.advance(30 * MINUTE);
    for (const { method, url } of PROTECTED) {
      expect((await inject({ method, url, headers: { cookie: idle } })).statusCode, `${method} ${url} after idle`).toBe(
        401,
      );
    }
    expect((await ctx().db.select().from(securityLog)).map((l) => l.event)).toContain('admin.logout');
  });

  it('ends a session 12 hours after login however active it was', async () => {
    const cookie = await adminCookie(ctx());
    const stats = () => inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } });
    // Used every 20 minutes, well inside the 30-minute idle limit, for 11 h 40 min…
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      ctx().clock.advance(20 * MINUTE);
      expect((await stats()).statusCode, `after ${minutes} minutes`).toBe(200);
    }
    // …still open a millisecond before 12 hours, closed at 12 hours.
    ctx().clock.advance(20 * MINUTE - 1);
    expect((await stats()).statusCode).toBe(200);
    ctx().clock.advance(1);
    const closed = await stats();
    expect(closed.statusCode).toBe(401);
    expect(closed.json().message).toBe('Please log in as an admin to continue');
    // A new login opens a new 12 hours.
    const again = await adminCookie(ctx());
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: again } })).statusCode).toBe(200);
  });

  it('gives a new session id at each login and ends the previous one', async () => {
    const first = await adminCookie(ctx());
    const res = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
      headers: { cookie: first },
    });
    const second = `hg_admin=${res.cookies.find((c) => c.name === 'hg_admin')!.value}`;
    expect(second).not.toBe(first);
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: second } })).statusCode).toBe(
      200,
    );
  });
});

describeEachEngine('admin API description', (ctx) => {
  it('documents every admin route, marking the ones that need a session', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.paths['/api/admin/setup'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName']),
    );
    expect(doc.paths['/api/admin/stats'].get.security).toEqual([{ adminSession: [] }]);
    expect(doc.paths['/api/admin/login'].post.security).toBeUndefined();
    expect(doc.paths['/api/admin/gifts/search'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'q',
      'status',
      'page',
    ]);
    expect(doc.paths['/api/admin/gifts/{id}/resend-email'].post).toBeTruthy();
  });
});
