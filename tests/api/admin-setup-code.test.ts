// First-admin setup in production asks for a one-time setup code (decision 012): from ADMIN_SETUP_CODE, or made up
// at start and printed in the log. Development keeps the plain form.
import { count } from 'drizzle-orm';
import { admins } from '../../src/server/db/schema.js';
import { loadConfig } from '../../src/server/config.js';
import { SETUP_CODE_MESSAGE, setupCodeNotice } from '../../src/server/services/admin/setup.js';
import { ADMIN } from '../helpers/admin.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { PRODUCTION_DIGEST_SECRET } from '../helpers/secrets.js';

const CODE = 'correct-setup-code-1234';

describeEachEngine(
  'admin setup in production',
  (ctx) => {
    const setup = (payload: object) => ctx().app.inject({ method: 'POST', url: '/api/admin/setup', payload });

    it('says the code is needed and refuses setup without it or with a wrong one', async () => {
      const needed = await ctx().app.inject({ method: 'GET', url: '/api/admin/setup-needed' });
      expect(needed.json()).toEqual({ setupNeeded: true, setupCodeRequired: true });
      for (const payload of [ADMIN, { ...ADMIN, setupCode: '' }, { ...ADMIN, setupCode: 'wrong-setup-code-1234' }]) {
        const res = await setup(payload);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 'ADMIN_SETUP_CODE_INVALID', message: SETUP_CODE_MESSAGE });
      }
      expect((await ctx().db.select({ n: count() }).from(admins))[0]!.n).toBe(0);

      const ok = await setup({ ...ADMIN, setupCode: ` ${CODE} ` });
      expect(ok.statusCode).toBe(201);
      expect((await ctx().db.select({ n: count() }).from(admins))[0]!.n).toBe(1);
    });
  },
  { config: { isProduction: true, env: 'production', adminSetupCode: CODE, adminSetupCodeGenerated: false } },
);

describeEachEngine('admin setup in development', (ctx) => {
  it('keeps the plain form: no code asked', async () => {
    const needed = await ctx().app.inject({ method: 'GET', url: '/api/admin/setup-needed' });
    expect(needed.json()).toEqual({ setupNeeded: true, setupCodeRequired: false });
    expect((await ctx().app.inject({ method: 'POST', url: '/api/admin/setup', payload: ADMIN })).statusCode).toBe(201);
  });
});

describe('the setup code at start', () => {
  const production = {
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    PUBLIC_URL: 'https://gift.example',
    SMTP_URL: 'smtp://mail.example:587',
    DIGEST_SECRET: PRODUCTION_DIGEST_SECRET,
    ADMIN_TOTP_KEY: 'an operator key for the second factor, 32+ chars',
  };
  it('is made up at every start in production and printed, unless ADMIN_SETUP_CODE gives it', () => {
    const a = loadConfig(production);
    const b = loadConfig(production);
    expect(a.adminSetupCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(a.adminSetupCode).not.toBe(b.adminSetupCode);
    expect(setupCodeNotice(a)).toContain(`Admin setup code: ${a.adminSetupCode} `);
    const given = loadConfig({ ...production, ADMIN_SETUP_CODE: CODE });
    expect(given.adminSetupCode).toBe(CODE);
    expect(setupCodeNotice(given)).toBeNull(); // the operator already knows it; it is not written to the log
    expect(loadConfig({}).adminSetupCode).toBeUndefined();
    expect(() => loadConfig({ ...production, ADMIN_SETUP_CODE: 'short' })).toThrow(/ADMIN_SETUP_CODE/);
  });
});
