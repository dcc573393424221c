// Builds every dependency from config: database (migrated), mailer, payments, clock.
import path from 'node:path';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { openDatabase, type Database } from './db/client.js';
import type { AppDeps } from './deps.js';
import { devMailbox, smtpMailer, type Mailer } from './email/transport.js';
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
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  return depsOn(config, database, clock, mailer);
}

/**
 * The scheduled jobs' dependencies (decision 038): on PostgreSQL a pool of their own, as large as the requests' pool
 * and opened as it is, so a job never waits for a connection a request holds, nor a request for a job's, and the
 * database sessions that serve requests never run the jobs' statements. PGlite is one embedded engine with one
 * connection, so there the jobs share the app's dependencies. Close the jobs' database (`database.close()`) after the
 * jobs have stopped; an SMTP mailer is the app's own and is closed with it.
 */
export async function createJobDeps(deps: AppDeps): Promise<AppDeps> {
  const { config } = deps;
  if (!config.databaseUrl) return deps;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax });
  return depsOn(config, database, deps.clock, config.smtpUrl ? deps.mailer : undefined);
}

/** What writes through the database is built on the one given: the dev mailbox and the sandbox provider. */
function depsOn(config: Config, database: Database, clock: Clock, smtp: Mailer | undefined): AppDeps {
  const db = database.db;
  const mailer = smtp ?? devMailbox(db, clock);
  const payments = createPaymentProvider(config, db, clock);
  return { config, database, db, mailer, payments, clock };
}
