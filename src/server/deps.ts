// The explicit dependencies the app is built from; tests build the app with their own.
import type { Config } from './config.js';
import type { Clock } from './clock.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './email/transport.js';
import type { PaymentProvider } from './payments/provider.js';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
}

/** What domain services need: no HTTP, no mailer (they queue e-mail in the outbox). */
export type ServiceDeps = Pick<AppDeps, 'db' | 'payments' | 'clock' | 'config'>;
