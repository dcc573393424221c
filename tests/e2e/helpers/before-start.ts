// Gifts a server process finds when it starts, made through the product against the database it will run on: the
// real app built on that database (tests/helpers/test-app.ts), its routes, sandbox pages and services driven as
// the API tests drive them (tests/helpers/gifts.ts), with its clock set where the states need it. The app is then
// closed, which checks the ledger, so a browser or process test starts only from states the product can reach.
import path from 'node:path';
import { developmentDigestSecret } from '../../../src/server/digest-secret.js';
import { openTestDatabaseAt } from '../../helpers/databases.js';
import { buildTestApp, type TestContext } from '../../helpers/test-app.js';

export type ServerDatabase =
  /** The embedded database of a server started later with startServer's { dataDir }. */
  | { dataDir: string }
  /** A PostgreSQL database (createTestDatabase('postgres').url) the server is started on with DATABASE_URL. */
  | { databaseUrl: string };

export async function makeBeforeStart<T>(
  where: ServerDatabase,
  make: (ctx: TestContext) => Promise<T>,
  options: { clockStart?: Date } = {},
): Promise<T> {
  const embedded = 'dataDir' in where;
  const database = await openTestDatabaseAt(
    embedded ? { pgliteDir: path.join(where.dataDir, 'pglite') } : { databaseUrl: where.databaseUrl },
  );
  const ctx = await buildTestApp(embedded ? 'pglite' : 'postgres', {
    database,
    clockStart: options.clockStart,
    // The server's own key for the embedded case, so digests made here (e-mail receipts) match its reads.
    config: embedded ? { digestSecret: developmentDigestSecret(where.dataDir) } : {},
  });
  let made: T;
  try {
    made = await make(ctx);
    // The e-mails the states queued are delivered to the dev mailbox now, as the server's outbox would.
    await ctx.flushEmails();
  } finally {
    await ctx.close();
  }
  return made;
}
