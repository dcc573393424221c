// Closing a test database checks its ledger (tests/helpers/databases.ts): a test file that leaves the books
// broken fails when it closes its database, and the database is closed (and dropped) all the same.
import pg from 'pg';
import { gifts, ledgerMovements } from '../../src/server/db/schema.js';
import { ENGINES, openTestDatabases } from '../helpers/databases.js';
import { buildTestApp } from '../helpers/test-app.js';
import { claimedGift, givenGift } from '../helpers/gifts.js';

async function databaseExists(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    return ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}

describe.each(ENGINES)('closing a test database checks its ledger [%s]', (engine) => {
  it('closes quietly when every state was reached through the product', async () => {
    const ctx = await buildTestApp(engine);
    await givenGift(ctx);
    await claimedGift(ctx);
    await expect(ctx.close()).resolves.toBeUndefined();
    expect(openTestDatabases.has(ctx.database)).toBe(false);
  });

  it('fails on a refund beyond what was charged, naming the gift, and still closes and drops the database', async () => {
    const ctx = await buildTestApp(engine);
    const { gift } = await givenGift(ctx, { amountCents: 2000 });
    await ctx.db.insert(ledgerMovements).values({
      giftId: gift.id,
      kind: 'refund',
      origin: 'provider',
      amountCents: 2 * gift.totalCents,
      debitAccount: 'owed_to_recipients',
      creditAccount: 'provider_clearing',
      state: 'succeeded',
      idempotencyKey: `broken:${gift.publicId}`,
      createdAt: ctx.clock.now(),
      settledAt: ctx.clock.now(),
    });
    await expect(ctx.close()).rejects.toThrow(`gift ${gift.publicId} (paid): paid out or refunded beyond`);
    await expect(ctx.db.select().from(gifts)).rejects.toThrow();
    expect(openTestDatabases.has(ctx.database)).toBe(false);
    expect(await databaseExists(ctx.database.url)).toBe(false);
  });

  it('fails on a paid gift whose payment the ledger never recorded (what raw test inserts made)', async () => {
    const ctx = await buildTestApp(engine);
    // The one deliberate write to gifts' columns in the tests: the state the check exists to refuse.
    const [row] = await ctx.db
      .insert(gifts)
      .values({
        publicId: 'g_unrecorded',
        state: 'paid',
        amountCents: 5000,
        feeCents: 280,
        tipCents: 100,
        totalCents: 5380,
        createdAt: ctx.clock.now(),
      })
      .returning();
    await expect(ctx.close()).rejects.toThrow(`gift ${row!.publicId} (paid): paid, but no charge in the ledger`);
  });
});
