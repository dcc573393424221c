import { ConfigError, isDevelopment, loadConfig } from '../../src/server/config.js';
import { armedFault, faultInjectionNotice, faultPoint } from '../../src/server/fault-injection.js';
import { PRODUCTION_DIGEST_SECRET } from '../helpers/secrets.js';

describe('configuration', () => {
  it('has working defaults: port 3000, sandbox, dev mailbox, embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('derives the public URL from PORT, never from a request', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://gift.example/' }).publicUrl).toBe('https://gift.example');
  });

  it('stops with one line naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('needs the Stripe keys when Stripe is chosen', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('refuses Stripe without SMTP in any environment, in one line saying why', () => {
    const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(() => loadConfig({ ...stripe, NODE_ENV })).toThrow(
        /^Invalid configuration: SMTP_URL is required when PAYMENT_PROVIDER=stripe \(real claim links must not go to the dev mailbox\)$/,
      );
    }
    expect(() => loadConfig({ ...stripe, SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /^Invalid configuration: PUBLIC_URL is required in production/,
    );
    expect(
      loadConfig({
        ...stripe,
        SMTP_URL: 'smtp://mail.example:587',
        PUBLIC_URL: 'https://gift.example',
        DIGEST_SECRET: PRODUCTION_DIGEST_SECRET,
        ADMIN_TOTP_KEY: 'k'.repeat(32),
      }).paymentProvider,
    ).toBe('stripe');
  });

  it('counts any real provider as production whatever NODE_ENV says; development belongs to the sandbox alone', () => {
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'https://gift.example',
      DIGEST_SECRET: PRODUCTION_DIGEST_SECRET,
      ADMIN_TOTP_KEY: 'k'.repeat(32),
    };
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      const config = loadConfig({ ...stripe, NODE_ENV });
      expect(config.isProduction, String(NODE_ENV)).toBe(true);
      expect(isDevelopment(config), String(NODE_ENV)).toBe(false);
      expect(config.adminSetupCode, String(NODE_ENV)).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(armedFault(config, { HUSHGIFT_FAULT: 'after-transfer' }), String(NODE_ENV)).toBeUndefined();
      expect(faultInjectionNotice(config, { HUSHGIFT_FAULT: 'after-transfer' })).toMatch(/^HUSHGIFT_FAULT ignored/);
      expect(config.secondFactorRequired, String(NODE_ENV)).toBe(true);
    }
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect(config.isProduction).toBe(false);
      expect(isDevelopment(config)).toBe(true);
      expect(config.adminSetupCode).toBeUndefined();
      expect(armedFault(config, { HUSHGIFT_FAULT: 'after-transfer' })).toBe('after-transfer');
      expect(config.secondFactorRequired).toBe(false);
    }
  });

  it('requires ADMIN_TOTP_KEY, the key of the second-factor secrets, in production; the sandbox makes one up', () => {
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'https://gift.example',
      DIGEST_SECRET: PRODUCTION_DIGEST_SECRET,
    };
    expect(() => loadConfig(stripe)).toThrow(/^Invalid configuration: ADMIN_TOTP_KEY is required in production/);
    expect(() => loadConfig({ ...stripe, ADMIN_TOTP_KEY: 'short' })).toThrow(/ADMIN_TOTP_KEY must be at least 32/);
    const config = loadConfig({ ...stripe, ADMIN_TOTP_KEY: 'k'.repeat(32) });
    expect(config.secondFactorRequired).toBe(true);
    expect(config.totpKey).toBe('k'.repeat(32));
    // The sandbox on a local machine: offered, not required, and bootstrap.ts makes a key up.
    expect(loadConfig({}).secondFactorRequired).toBe(false);
    expect(loadConfig({}).totpKey).toBeUndefined();
  });

  it('kills the process at an armed fault point only in development', () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    const before = process.env.HUSHGIFT_FAULT;
    process.env.HUSHGIFT_FAULT = 'after-transfer';
    try {
      faultPoint({ isProduction: true, paymentProvider: 'stripe' }, 'after-transfer');
      faultPoint({ isProduction: false, paymentProvider: 'stripe' }, 'after-transfer');
      faultPoint({ isProduction: false, paymentProvider: 'sandbox' }, 'after-refund');
      expect(kill).not.toHaveBeenCalled();
      faultPoint({ isProduction: false, paymentProvider: 'sandbox' }, 'after-transfer');
      expect(kill).toHaveBeenCalledWith(process.pid, 'SIGKILL');
    } finally {
      kill.mockRestore();
      if (before === undefined) delete process.env.HUSHGIFT_FAULT;
      else process.env.HUSHGIFT_FAULT = before;
    }
  });

  it('refuses production with the sandbox provider or without SMTP', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        PUBLIC_URL: 'https://gift.example',
      }),
    ).toThrow(/SMTP_URL/);
  });

  it('marks cookies Secure when the public URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://gift.example' }).secureCookies).toBe(true);
    expect(loadConfig({}).secureCookies).toBe(false);
  });
  it('reads JOBS_PAUSED as job names and refuses a name that is not a job, listing the real ones', () => {
    expect(loadConfig({}).jobsPaused).toEqual([]);
    expect(loadConfig({ JOBS_PAUSED: 'expiry, reminders' }).jobsPaused).toEqual(['expiry', 'reminders']);
    expect(() => loadConfig({ JOBS_PAUSED: 'expiry,refunds' })).toThrow(
      /^Invalid configuration: JOBS_PAUSED must list job names from: outbox, delivery, .*expiry/,
    );
  });
});
