// Operators to ASVS level 2 (decision 020), beside the second factor (admin-second-factor.test.ts): the password
// rule and change, login throttles per account and per client across accounts, step-up before money actions, and
// the audit log with its one-year retention.
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { adminAudit, admins, rateEvents } from '../../src/server/db/schema.js';
import { keyedDigest, sha256 } from '../../src/server/crypto.js';
import { DAY } from '../../src/server/clock.js';
import { recordAudit } from '../../src/server/services/admin/audit.js';
import { purgeExpiredData } from '../../src/server/services/retention/purge.js';
import { isCommonPassword } from '../../src/server/services/admin/password-policy.js';
import { ADMIN, adminCookie, setupAdmin, setupAdminWithTotp, totpAt } from '../helpers/admin.js';
import { mismatchedGift } from '../helpers/gifts.js';
import { describeEachEngine } from '../helpers/test-app.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describeEachEngine('admin passwords, throttles, step-up and audit', (ctx) => {
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  const login = (email: string, password: string, ip: string) =>
    inject({ method: 'POST', url: '/api/admin/login', payload: { email, password }, remoteAddress: ip });
  beforeAll(async () => {
    await setupAdmin(ctx());
  });
  beforeEach(() => ctx().clock.advance(16 * MINUTE));

  it('refuses passwords under 12 characters and common ones, saying so', async () => {
    expect(isCommonPassword('password1234')).toBe(true);
    expect(isCommonPassword('PassWord1234')).toBe(true);
    expect(isCommonPassword(ADMIN.password)).toBe(false);
    const cases: Array<[string, string]> = [
      ['elevenchars', 'Password must be at least 12 characters'],
      ['password1234', 'This password is in a list of commonly used passwords'],
      ['Password1234', 'This password is in a list of commonly used passwords'],
    ];
    const cookie = await adminCookie(ctx());
    for (const [newPassword, message] of cases) {
      const res = await inject({
        method: 'POST',
        url: '/api/admin/password',
        headers: { cookie },
        payload: { currentPassword: ADMIN.password, newPassword },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('changes the password after the current one, and ends every other session of that admin', async () => {
    const a = await adminCookie(ctx(), ADMIN, '10.1.0.1');
    const b = await adminCookie(ctx(), ADMIN, '10.1.0.2');
    const change = (cookie: string, currentPassword: string, newPassword: string) =>
      inject({
        method: 'POST',
        url: '/api/admin/password',
        headers: { cookie },
        payload: { currentPassword, newPassword },
      });
    const wrong = await change(a, 'not the current password', 'a brand new long passphrase');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Your current password is not right.');
    const next = 'a brand new long passphrase';
    const ok = await change(a, ADMIN.password, next);
    expect(ok.statusCode).toBe(200);
    // b, and any session an earlier test left open.
    expect(ok.json().message).toMatch(/^Password changed\. \d+ other sessions? (was|were) signed out\.$/);
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: b } })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: a } })).statusCode).toBe(200);
    expect((await login(ADMIN.email, ADMIN.password, '10.1.0.3')).statusCode).toBe(401);
    expect((await login(ADMIN.email, next, '10.1.0.3')).statusCode).toBe(200);
    const [row] = await ctx().db.select().from(admins);
    expect(row!.passwordChangedAt).not.toBeNull();
    // Back to the helper's password for the tests after this one.
    expect((await change(a, next, ADMIN.password)).statusCode).toBe(200);
    const actions = (await ctx().db.select().from(adminAudit)).map((r) => r.action);
    expect(actions.filter((x) => x === 'password_changed')).toHaveLength(2);
    expect(actions).toContain('password_change_failed');
  });

  it('throttles one account across client addresses: 30 failures a quarter hour, then 429 with the wait', async () => {
    // 10 addresses, 3 failures each: under the pair's limit (5) and the address's (20).
    for (let ip = 0; ip < 10; ip++)
      for (let i = 0; i < 3; i++)
        expect((await login(ADMIN.email, 'wrong password!', `10.2.0.${ip}`)).statusCode).toBe(401);
    const refused = await login(ADMIN.email, ADMIN.password, '10.2.1.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.json().message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    // The counters name the account by a keyed digest: neither the address nor a plain hash anyone could compute.
    const buckets = (await ctx().db.select({ bucket: rateEvents.bucket }).from(rateEvents)).map((r) => r.bucket);
    const account = `admin-login:account:${keyedDigest(ctx().deps.config.digestSecret!, 'admin-login', ADMIN.email)}`;
    expect(buckets).toContain(account);
    for (const plain of [ADMIN.email, sha256(ADMIN.email), sha256(ADMIN.email.toUpperCase())])
      expect(buckets.join('\n')).not.toContain(plain);
    ctx().clock.advance(15 * MINUTE + SECOND);
    expect((await login(ADMIN.email, ADMIN.password, '10.2.1.1')).statusCode).toBe(200);
  });

  it('throttles one client across accounts: it cannot try 5 passwords on each of many addresses', async () => {
    for (let i = 0; i < 20; i++)
      expect((await login(`someone${i}@example.com`, 'guess number one', '10.3.0.1')).statusCode).toBe(401);
    const refused = await login('someone-else@example.com', 'guess number one', '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(/^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
    // Failures of unknown e-mails are audited without an admin id.
    const [failure] = await ctx()
      .db.select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'login_failed'))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(failure).toMatchObject({ adminId: null, ip: '10.3.0.1', outcome: 'failed' });
  });

  it('asks for a fresh check before money actions 15 minutes after the login, then lets them through', async () => {
    // Held on the attention list for a payment of the wrong amount, as the webhook handles it.
    const gift = await mismatchedGift(ctx(), 5000);
    const cookie = await adminCookie(ctx());
    const expire = () => inject({ method: 'POST', url: '/api/admin/process-expired', headers: { cookie } });
    expect((await expire()).statusCode).toBe(200);
    ctx().clock.advance(15 * MINUTE);
    const moneyRoutes = [
      'process-expired',
      `gifts/${gift.id}/refund-sender`,
      `gifts/${gift.id}/retry-movement`,
      `gifts/${gift.id}/resolve-attention`,
    ];
    for (const route of moneyRoutes) {
      const res = await inject({ method: 'POST', url: `/api/admin/${route}`, headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'STEP_UP_REQUIRED',
        message: expect.stringMatching(/more than 15 minutes ago/),
      });
    }
    // Not a money action: no step-up.
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(200);
    const stepUp = (payload: Record<string, string>) =>
      inject({ method: 'POST', url: '/api/admin/step-up', headers: { cookie }, payload });
    expect((await stepUp({ password: 'not my password' })).statusCode).toBe(401);
    expect((await stepUp({ password: ADMIN.password })).statusCode).toBe(200);
    const resolved = await inject({
      method: 'POST',
      url: `/api/admin/gifts/${gift.id}/resolve-attention`,
      headers: { cookie },
    });
    expect(resolved.statusCode).toBe(200);
    const [row] = await ctx()
      .db.select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'resolve_attention'))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(row).toMatchObject({ target: gift.publicId, outcome: 'success', ip: '127.0.0.1' });
    expect(row!.adminId).toBeGreaterThan(0);
    const refused = await ctx().db.select().from(adminAudit).where(eq(adminAudit.outcome, 'step-up required'));
    expect(refused.map((r) => r.action).sort()).toEqual([
      'process_expired',
      'refund_sender',
      'resolve_attention',
      'retry_movement',
    ]);
  });

  it('reads the audit log newest first, 50 a page', async () => {
    const cookie = await adminCookie(ctx());
    for (let i = 0; i < 60; i++) {
      ctx().clock.advance(SECOND);
      await recordAudit(ctx().db, ctx().clock, { adminId: 1, ip: '10.4.0.1', action: 'logout', outcome: `n${i}` });
    }
    const first = await inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.entries).toHaveLength(50);
    expect(page1.hasMore).toBe(true);
    expect(page1.entries[0].outcome).toBe('n59');
    const times = page1.entries.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await inject({ method: 'GET', url: '/api/admin/audit?page=2', headers: { cookie } })).json();
    expect(page2.entries[0].outcome).toBe('n9');
    const bad = await inject({ method: 'GET', url: '/api/admin/audit?page=0', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect((await inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('keeps the audit log one year: the retention job deletes older rows', async () => {
    const at = ctx().clock.now();
    await recordAudit(ctx().db, ctx().clock, {
      adminId: null,
      ip: '10.5.0.1',
      action: 'login_failed',
      outcome: 'kept-a-year',
    });
    const mine = () => ctx().db.select().from(adminAudit).where(eq(adminAudit.outcome, 'kept-a-year'));
    ctx().clock.set(new Date(at.getTime() + 365 * DAY - 1));
    await purgeExpiredData(ctx().deps);
    expect(await mine()).toHaveLength(1);
    ctx().clock.set(new Date(at.getTime() + 365 * DAY));
    const result = await purgeExpiredData(ctx().deps);
    expect(result.auditLogDeleted).toBeGreaterThanOrEqual(1);
    expect(await mine()).toHaveLength(0);
  });
});

describeEachEngine('step-up with a second factor', (ctx) => {
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  it('asks the code, not the password, and refuses a code already used', async () => {
    const { secret, cookie } = await setupAdminWithTotp(ctx());
    ctx().clock.advance(16 * MINUTE);
    const expire = () => inject({ method: 'POST', url: '/api/admin/process-expired', headers: { cookie } });
    expect((await expire()).statusCode).toBe(403);
    const stepUp = (payload: Record<string, string>) =>
      inject({ method: 'POST', url: '/api/admin/step-up', headers: { cookie }, payload });
    expect((await stepUp({ password: ADMIN.password })).statusCode).toBe(400);
    const code = await totpAt(secret, ctx().clock);
    expect((await stepUp({ code })).statusCode).toBe(200);
    // The same code again, inside its 30-second window, is refused: its time step was taken.
    const replay = await stepUp({ code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/already been used/);
    expect((await expire()).statusCode).toBe(200);
    ctx().clock.advance(16 * MINUTE);
    expect((await expire()).statusCode).toBe(403);
    expect((await stepUp({ code: await totpAt(secret, ctx().clock) })).statusCode).toBe(200);
    expect((await expire()).statusCode).toBe(200);
  });
});
