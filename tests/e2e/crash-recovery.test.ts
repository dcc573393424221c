// Crash reconciliation: the server is killed between the provider call that moves money and the database
// commit that records it; after a restart the gift finishes its transition with exactly one money movement.
// Runs on PostgreSQL (TEST_DATABASE_URL), where the test can seed and inspect the database beside the server.
import { eq, sql } from 'drizzle-orm';
import { gifts, sandboxAccounts, sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import { systemClock, DAY, MINUTE } from '../../src/server/clock.js';
import { describePostgres } from '../helpers/postgres-only.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { seedGift } from '../helpers/seed.js';
import { startServer } from './helpers/server.js';
import { runUntilKilled, waitUntil } from './helpers/processes.js';

describePostgres('crash between a money movement and its commit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { ledgerCheck: false });
  });
  afterAll(async () => {
    await database?.destroy();
  });
  const ctx = () => ({ db: database.db, clock: systemClock });
  const gift = async (id: number) => (await database.db.select().from(gifts).where(eq(gifts.id, id)))[0]!;
  const env = () => ({ DATABASE_URL: database.url!, RECONCILE_AFTER_SECONDS: '1', EXPIRY_INTERVAL_MINUTES: '0.02' });

  it('transfer: killed after the provider paid, restarted, one transfer and the gift claimed', async () => {
    const now = Date.now();
    await database.db.insert(sandboxAccounts).values({
      id: 'acct_sb_crash',
      email: 'crash@example.com',
      status: 'verified',
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    const { gift: seeded } = await seedGift(ctx(), {
      recipientEmail: 'crash@example.com',
      claimStartedAt: new Date(now - MINUTE),
      recipientAccountId: 'acct_sb_crash',
    });

    const crash = await runUntilKilled({ ...env(), HUSHGIFT_FAULT: 'after-transfer' });
    expect(crash.signal).toBe('SIGKILL');
    const transfersOf = () =>
      database.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, seeded.publicId));
    // The provider moved the money; the database never recorded it.
    expect(await transfersOf()).toHaveLength(1);
    const interrupted = await gift(seeded.id);
    expect(interrupted.status).toBe('paid');
    expect(interrupted.transferStartedAt).not.toBeNull();
    expect(interrupted.transferId).toBeNull();

    const server = await startServer(env());
    try {
      await waitUntil(
        async () => (await gift(seeded.id)).status === 'claimed',
        'the interrupted transfer to be reconciled',
      );
    } finally {
      await server.dispose();
    }
    const transfers = await transfersOf();
    expect(transfers).toHaveLength(1);
    expect((await gift(seeded.id)).transferId).toBe(transfers[0]!.id);
  });

  it('refund: killed after the provider refunded, restarted, one refund and the gift refunded', async () => {
    const { gift: seeded } = await seedGift(ctx(), { expiresAt: new Date(Date.now() - DAY) });

    const crash = await runUntilKilled({ ...env(), HUSHGIFT_FAULT: 'after-refund' });
    expect(crash.signal).toBe('SIGKILL');
    const refundsOf = () =>
      database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, seeded.paymentIntentId!));
    expect(await refundsOf()).toHaveLength(1);
    const interrupted = await gift(seeded.id);
    expect(interrupted.status).toBe('expired');
    expect(interrupted.refundId).toBeNull();

    const server = await startServer(env());
    try {
      await waitUntil(
        async () => (await gift(seeded.id)).status === 'refunded',
        'the interrupted refund to be reconciled',
      );
    } finally {
      await server.dispose();
    }
    const refunds = await refundsOf();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountCents).toBe(seeded.amountCents);
    const after = await gift(seeded.id);
    expect(after.refundId).toBe(refunds[0]!.id);
    // Claim and refund never both.
    expect(after.transferStartedAt).toBeNull();
    const [{ n }] = (
      (await database.db.execute(
        sql`select count(*)::int as n from gifts where transfer_started_at is not null and refund_started_at is not null`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows as [{ n: number }];
    expect(n).toBe(0);
  });
});
