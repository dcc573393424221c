// Chooses the payment adapter from config.
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { PaymentProvider } from './provider.js';
import { SandboxProvider } from './sandbox/provider.js';
import { StripeProvider } from './stripe/provider.js';

export function createPaymentProvider(config: Config, db: Db, clock: Clock): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    return new StripeProvider({
      secretKey: config.stripeSecretKey!,
      webhookSecret: config.stripeWebhookSecret!,
      connectWebhookSecret: config.stripeConnectWebhookSecret,
    });
  }
  return new SandboxProvider({ db, clock, publicUrl: config.publicUrl });
}
