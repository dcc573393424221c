// Builds every dependency from config: database (migrated), mailer, payments, clock.
import path from 'node:path';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { openDatabase } from './db/client.js';
import type { AppDeps } from './deps.js';
import { devMailbox, smtpMailer } from './email/transport.js';
import { createPaymentProvider } from './payments/index.js';
import { developmentDigestSecret } from './digest-secret.js';
import { devTotpKey } from './services/admin/dev-totp-key.js';

export async function createDeps(config: Config, clock: Clock = systemClock): Promise<AppDeps> {
  config.digestSecret ??= developmentDigestSecret(config.dataDir);
  // Only the sandbox outside production may start without ADMIN_TOTP_KEY (config.ts).
  config.totpKey ??= await devTotpKey(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolMax: config.databasePoolMax,
  });
  await database.migrate();
  const db = database.db;
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : devMailbox(db, clock);
  const payments = createPaymentProvider(config, db, clock);
  return { config, database, db, mailer, payments, clock };
}
