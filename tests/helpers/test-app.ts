// Builds the real app on a fresh database with an injected clock, the sandbox provider and the dev mailbox.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { AppLogger } from '../../src/server/http/logging.js';
import { ManualClock } from '../../src/server/clock.js';
import { testConfig, type Config } from '../../src/server/config.js';
import type { AppDeps } from '../../src/server/deps.js';
import { devEmails } from '../../src/server/db/schema.js';
import { deliverDueEmails } from '../../src/server/email/outbox.js';
import { outboxHooks } from '../../src/server/services/delivery/outbox-hooks.js';
import { devMailbox, type Mailer } from '../../src/server/email/transport.js';
import { createPaymentProvider } from '../../src/server/payments/index.js';
import type { PaymentProvider } from '../../src/server/payments/provider.js';
import type { SandboxAppDeps } from '../../src/server/payments/sandbox/events-out.js';
import { sandboxWebhookEndpoint } from '../../src/server/services/events/ingest-webhook.js';
import { ENGINES, createTestDatabase, type Engine, type TestDatabase } from './databases.js';
import { watchErrorCodes } from './error-codes.js';

export interface TestContext {
  engine: Engine;
  app: FastifyInstance;
  deps: AppDeps;
  /** The app's dependencies as the sandbox's own pages get them: with the endpoint its signed events go to. */
  sandbox: SandboxAppDeps;
  db: AppDeps['db'];
  database: TestDatabase;
  clock: ManualClock;
  /** Delivers every due e-mail through the dev mailbox and answers the mailbox (or one address's), oldest first. */
  flushEmails(to?: string): Promise<Array<typeof devEmails.$inferSelect>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  payments?: (deps: Omit<AppDeps, 'payments'>) => PaymentProvider;
  mailer?: (deps: Pick<AppDeps, 'db' | 'clock'>) => Mailer;
  /** The app's logger; none by default. */
  logger?: AppLogger;
  /** An existing database instead of a fresh one (a server process's, tests/e2e/helpers/before-start.ts). */
  database?: TestDatabase;
  /** Where the injected clock starts; 2026-01-15 12:00 UTC by default. */
  clockStart?: Date;
}

export async function buildTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase(engine));
  const clock = new ManualClock(options.clockStart);
  const config = testConfig({ publicUrl: 'http://localhost:3000', ...options.config });
  // Closing the database checks the ledger by the app's clock and attention delay.
  database.checkLedgerWith({ now: () => clock.now(), attentionAfterMs: config.moneyAttentionAfterMs });
  const db = database.db;
  const mailer = options.mailer ? options.mailer({ db, clock }) : devMailbox(db, clock);
  const base = { config, database, db, mailer, clock };
  const payments = options.payments ? options.payments(base) : createPaymentProvider(config, db, clock);
  const deps: AppDeps = { ...base, payments };
  const app = await buildApp(deps, { logger: options.logger ?? false });
  const errorsWithoutCode = watchErrorCodes(app);
  return {
    engine,
    sandbox: { ...deps, webhookEndpoint: sandboxWebhookEndpoint(deps) },
    app,
    deps,
    db,
    database,
    clock,
    async flushEmails(to?: string) {
      await deliverDueEmails(
        {
          db,
          mailer,
          clock,
          messageIdDomain: 'test.local',
          digestSecret: config.digestSecret!,
          ...outboxHooks({ db, clock, publicUrl: config.publicUrl }),
        },
        1000,
      );
      return db
        .select()
        .from(devEmails)
        .where(to === undefined ? undefined : sql`lower(${devEmails.toAddress}) = lower(${to})`)
        .orderBy(devEmails.id);
    },
    /** Closes the app, then the database: fails when the ledger the test left breaks an invariant. */
    async close() {
      try {
        await app.close();
      } finally {
        await database.destroy();
      }
      if (errorsWithoutCode.length > 0) {
        throw new Error(
          `Error answers without a known code (src/shared/schemas/error.ts):\n${errorsWithoutCode.join('\n')}`,
        );
      }
    },
  };
}

/**
 * Runs a suite once per database engine, each on its own fresh database and app.
 * `ctx()` returns the running context inside tests and hooks.
 */
export function describeEachEngine(
  name: string,
  suite: (ctx: () => TestContext) => void,
  options: TestAppOptions = {},
): void {
  describe.each(ENGINES)(`${name} [%s]`, (engine) => {
    let context: TestContext | undefined;
    beforeAll(async () => {
      context = await buildTestApp(engine, options);
    });
    afterAll(async () => {
      await context?.close();
    });
    suite(() => {
      if (!context) throw new Error('test app not ready');
      return context;
    });
  });
}
