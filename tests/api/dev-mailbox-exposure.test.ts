// The dev mailbox shows every claim and sign-in link to whoever opens it: it exists only with the sandbox
// provider outside production (decision 012). Stripe without SMTP is refused by the config (unit test).
import { createPaymentProvider } from '../../src/server/payments/index.js';
import { describeEachEngine } from '../helpers/test-app.js';

const stripeConfig = {
  paymentProvider: 'stripe' as const,
  stripeSecretKey: 'sk_test_x',
  stripeWebhookSecret: 'whsec_x',
};

describeEachEngine(
  'dev mailbox with the Stripe provider',
  (ctx) => {
    it('is not served, even when no SMTP server is configured', async () => {
      expect(ctx().deps.payments.name).toBe('stripe');
      expect(ctx().deps.mailer.kind).toBe('dev-mailbox');
      for (const url of ['/api/dev/emails', '/dev/mailbox']) {
        const res = await ctx().app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
      }
    });
  },
  { payments: ({ config, db, clock }) => createPaymentProvider({ ...config, ...stripeConfig }, db, clock) },
);

describeEachEngine('dev mailbox with the sandbox provider', (ctx) => {
  it('is served in development and tests', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/dev/emails' });
    expect(res.statusCode).toBe(200);
  });
});

describeEachEngine(
  'dev mailbox in production',
  (ctx) => {
    it('is not served, whatever the provider', async () => {
      for (const url of ['/api/dev/emails', '/dev/mailbox']) {
        expect((await ctx().app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });
  },
  { config: { isProduction: true, env: 'production' } },
);
