// The operators' second factor (decision 020): TOTP enrolled at setup (QR code and key), asked at every login,
// never usable twice, its secret encrypted at rest; ten single-use recovery codes; wrong codes throttled; required
// with a real provider, skippable on the local sandbox.
import { eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { adminAudit, adminRecoveryCodes, admins } from '../../src/server/db/schema.js';
import { decryptTotpSecret } from '../../src/server/services/admin/totp-secret.js';
import { ADMIN, cookieOf, passwordStep, totpAt } from '../helpers/admin.js';
import { describeEachEngine } from '../helpers/test-app.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describeEachEngine('admin second factor', (ctx) => {
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  let secret = '';
  let recoveryCodes: string[] = [];
  const codeStep = (pending: string, code: string, ip = '10.0.0.1') =>
    inject({
      method: 'POST',
      url: '/api/admin/login/second-factor',
      headers: { cookie: pending },
      payload: { code },
      remoteAddress: ip,
    });
  // Every test starts past the throttle windows and the code steps of the tests before it.
  beforeEach(() => ctx().clock.advance(16 * MINUTE));

  it('enrols at setup: a QR code and the key as text, the secret encrypted at rest, ten recovery codes', async () => {
    const setup = await inject({ method: 'POST', url: '/api/admin/setup', payload: ADMIN });
    expect(setup.statusCode).toBe(201);
    const pending = cookieOf(setup, 'hg_admin_pending');
    // The pending session opens nothing but the enrolment.
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: pending } })).statusCode).toBe(
      401,
    );
    const start = await inject({
      method: 'POST',
      url: '/api/admin/second-factor/enrolment',
      headers: { cookie: pending },
    });
    expect(start.statusCode).toBe(200);
    const enrolment = start.json();
    secret = enrolment.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toBe(`otpauth://totp/Hushgift:owner%40example.com?secret=${secret}&issuer=Hushgift`);
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.optional).toBe(true);

    // At rest: neither the key nor its bytes in the row, and the ciphertext opens only with ADMIN_TOTP_KEY.
    const [row] = await ctx().db.select().from(admins);
    expect(row!.totpSecretEnc).not.toContain(secret);
    expect(row!.totpEnabledAt).toBeNull();
    expect(decryptTotpSecret(ctx().deps.config.totpKey!, row!.id, row!.totpSecretEnc!)).toBe(secret);
    expect(() => decryptTotpSecret('another key that is 32 characters long', row!.id, row!.totpSecretEnc!)).toThrow();
    expect(() => decryptTotpSecret(ctx().deps.config.totpKey!, row!.id + 1, row!.totpSecretEnc!)).toThrow();

    const wrong = await inject({
      method: 'POST',
      url: '/api/admin/second-factor/enrol',
      headers: { cookie: pending },
      payload: { code: '000000' === (await totpAt(secret, ctx().clock)) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/not right/);
    const enrol = await inject({
      method: 'POST',
      url: '/api/admin/second-factor/enrol',
      headers: { cookie: pending },
      payload: { code: await totpAt(secret, ctx().clock) },
    });
    expect(enrol.statusCode).toBe(200);
    recoveryCodes = enrol.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const stored = await ctx().db.select().from(adminRecoveryCodes);
    expect(stored).toHaveLength(10);
    for (const r of stored) {
      expect(r.codeHash).toMatch(/^\$argon2id\$/);
      for (const code of recoveryCodes) expect(r.codeHash).not.toContain(code.replace('-', ''));
    }
    // Enrolling signs the new owner in.
    const cookie = cookieOf(enrol, 'hg_admin');
    const me = await inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ secondFactor: true, secondFactorRequired: false, recoveryCodesLeft: 10 });
    // A second enrolment is refused; the secret stays.
    const again = await inject({ method: 'POST', url: '/api/admin/second-factor/enrolment', headers: { cookie } });
    expect(again.statusCode).toBe(409);
    const actions = (await ctx().db.select().from(adminAudit)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['setup', 'second_factor_failed', 'second_factor_enrolled']));
  });

  it('asks the code at every login; the password alone opens nothing', async () => {
    const login = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ success: true, next: 'second-factor' });
    expect(login.cookies.find((c) => c.name === 'hg_admin')).toBeUndefined();
    const pending = cookieOf(login, 'hg_admin_pending');
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: pending } })).statusCode).toBe(
      401,
    );
    expect((await codeStep(pending, '12345')).statusCode).toBe(401);
    const ok = await codeStep(pending, await totpAt(secret, ctx().clock));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ next: 'signed-in', admin: { email: ADMIN.email } });
    const cookie = cookieOf(ok, 'hg_admin');
    expect((await inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(200);
    // The pending session ended with the code.
    expect((await codeStep(pending, await totpAt(secret, ctx().clock))).statusCode).toBe(401);
  });

  it('never takes a code twice, even from parallel logins', async () => {
    const pendings = await Promise.all(Array.from({ length: 6 }, (_, i) => passwordStep(ctx(), ADMIN, `10.0.1.${i}`)));
    const code = await totpAt(secret, ctx().clock);
    const answers = await Promise.all(pendings.map((p, i) => codeStep(p, code, `10.0.1.${i}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 401);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().message).toMatch(/already been used/);
    // The five replays count as wrong codes (the account's limit); past that window, a later step's code works.
    expect((await codeStep(await passwordStep(ctx()), await totpAt(secret, ctx().clock))).statusCode).toBe(429);
    ctx().clock.advance(15 * MINUTE + 30 * SECOND);
    const next = await passwordStep(ctx());
    expect((await codeStep(next, await totpAt(secret, ctx().clock))).statusCode).toBe(200);
  });

  it('takes each recovery code once, even in parallel', async () => {
    const pendings = await Promise.all(Array.from({ length: 5 }, (_, i) => passwordStep(ctx(), ADMIN, `10.0.2.${i}`)));
    const code = recoveryCodes[0]!.toLowerCase(); // case and dashes do not matter
    const answers = await Promise.all(pendings.map((p, i) => codeStep(p, code, `10.0.2.${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    const unused = await ctx().db.select().from(adminRecoveryCodes).where(isNull(adminRecoveryCodes.usedAt));
    expect(unused).toHaveLength(9);
    ctx().clock.advance(16 * MINUTE);
    expect((await codeStep(await passwordStep(ctx()), recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await codeStep(await passwordStep(ctx()), recoveryCodes[1]!.replace('-', ' '))).statusCode).toBe(200);
    const used = await ctx().db.select().from(adminAudit).where(eq(adminAudit.action, 'recovery_code_used'));
    expect(used).toHaveLength(2);
  });

  it('throttles wrong codes: 5 per account in 15 minutes, then 429 with the wait', async () => {
    const pending = await passwordStep(ctx());
    for (let i = 0; i < 5; i++) expect((await codeStep(pending, '000000')).statusCode).toBe(401);
    const sixth = await codeStep(pending, await totpAt(secret, ctx().clock));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json().message).toMatch(/^Too many wrong codes or passwords\. Please try again in \d+ minutes?\.$/);
    ctx().clock.advance(15 * MINUTE + SECOND);
    expect((await codeStep(await passwordStep(ctx()), await totpAt(secret, ctx().clock))).statusCode).toBe(200);
  });
});

describeEachEngine(
  'admin second factor where it is required (a real provider)',
  (ctx) => {
    const inject = (opts: InjectOptions) => ctx().app.inject(opts);
    it('cannot be skipped: setup and a login without one lead to the enrolment only', async () => {
      const setup = await inject({ method: 'POST', url: '/api/admin/setup', payload: ADMIN });
      const pending = cookieOf(setup, 'hg_admin_pending');
      const start = await inject({
        method: 'POST',
        url: '/api/admin/second-factor/enrolment',
        headers: { cookie: pending },
      });
      expect(start.json().optional).toBe(false);
      const skip = await inject({ method: 'POST', url: '/api/admin/second-factor/skip', headers: { cookie: pending } });
      expect(skip.statusCode).toBe(403);
      expect(skip.cookies.find((c) => c.name === 'hg_admin')).toBeUndefined();
      const login = await inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(login.json()).toEqual({ success: true, next: 'enrol' });
      const stats = await inject({
        method: 'GET',
        url: '/api/admin/stats',
        headers: { cookie: cookieOf(login, 'hg_admin_pending') },
      });
      expect(stats.statusCode).toBe(401);
    });
  },
  { config: { secondFactorRequired: true } },
);

describeEachEngine('admin second factor on the local sandbox', (ctx) => {
  const inject = (opts: InjectOptions) => ctx().app.inject(opts);
  it('may be skipped, and then the account says it has none', async () => {
    const setup = await inject({ method: 'POST', url: '/api/admin/setup', payload: ADMIN });
    const skip = await inject({
      method: 'POST',
      url: '/api/admin/second-factor/skip',
      headers: { cookie: cookieOf(setup, 'hg_admin_pending') },
    });
    expect(skip.statusCode).toBe(200);
    const cookie = cookieOf(skip, 'hg_admin');
    const me = await inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ secondFactor: false, secondFactorRequired: false, recoveryCodesLeft: 0 });
    const login = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(login.json()).toMatchObject({ next: 'signed-in' });
  });
});
