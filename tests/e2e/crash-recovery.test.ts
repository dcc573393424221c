// Crash reconciliation: the server is killed between the provider call that moves money and the database
// commit that records it; after a restart the gift finishes its transition with exactly one money movement.
// Runs on PostgreSQL (TEST_DATABASE_URL), where the test can make gifts through the product on the server's
// database before it starts (tests/e2e/helpers/before-start.ts) and inspect it beside the server.
import { eq, sql } from 'drizzle-orm';
import { gifts, sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { CLAIM_WINDOW_DAYS } from '../../src/shared/constants.js';
import { describePostgres } from '../helpers/postgres-only.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { givenGift } from '../helpers/gifts.js';
import { setAccountStatus, startClaim } from '../helpers/claims.js';
import { makeBeforeStart } from './helpers/before-start.js';
import { startServer } from './helpers/server.js';
import { runUntilKilled, waitUntil } from './helpers/processes.js';
import { settledRefundRef } from '../helpers/money.js';
import { giftRowColumns } from '../helpers/gift-row.js';

describePostgres('crash between a money movement and its commit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.destroy();
  });
  const gift = async (id: number) => (await database.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, id)))[0]!;
  const env = () => ({ DATABASE_URL: database.url!, RECONCILE_AFTER_SECONDS: '1', EXPIRY_INTERVAL_MINUTES: '0.02' });

  it('transfer: killed after the provider paid, restarted, one transfer and the gift claimed', async () => {
    // Claimed, the recipient's payout account still being checked; the provider verifies it afterwards (the app
    // is not told), so the server's payout job makes the transfer. Made at the real time: at the test app's default
    // date the gift would be long past its claim window, and the server's expiry job could refund it first.
    const seeded = await makeBeforeStart(
      { databaseUrl: database.url! },
      async (ctx) => {
        const given = await givenGift(ctx, { recipientEmail: 'crash@example.com' });
        const account = await startClaim(ctx, given.claimToken);
        await setAccountStatus(ctx, account, 'verified');
        return given.gift;
      },
      { clockStart: new Date() },
    );

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
    // Paid a claim window and a day ago, never claimed: due for its refund.
    const seeded = await makeBeforeStart({ databaseUrl: database.url! }, async (ctx) => (await givenGift(ctx)).gift, {
      clockStart: new Date(Date.now() - (CLAIM_WINDOW_DAYS + 1) * DAY),
    });

    const crash = await runUntilKilled({ ...env(), HUSHGIFT_FAULT: 'after-refund' });
    expect(crash.signal).toBe('SIGKILL');
    const refundsOf = () =>
      database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, seeded.paymentIntentId!));
    expect(await refundsOf()).toHaveLength(1);
    const interrupted = await gift(seeded.id);
    expect(interrupted.status).toBe('expired');
    expect(await settledRefundRef(database.db, seeded.id)).toBeNull();

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
    expect(await settledRefundRef(database.db, seeded.id)).toBe(refunds[0]!.id);
    // Claim and refund never both.
    expect(after.transferStartedAt).toBeNull();
    const [{ n }] = (
      (await database.db.execute(
        sql`select count(*)::int as n from gifts g join gift_payouts p on p.gift_id = g.id
              where p.transfer_started_at is not null and g.refund_started_at is not null`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows as [{ n: number }];
    expect(n).toBe(0);
  });
});
