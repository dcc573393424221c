// The same behaviour on both engines: migrations, conditional transitions under concurrency, persistence.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';
import { donors, gifts, sandboxRefunds } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { readFileSync } from 'node:fs';
import { ENGINES, createEmptyPostgresDatabase, type TestDatabase } from '../helpers/databases.js';
import { describePostgres } from '../helpers/postgres-only.js';
import { buildTestApp, type TestContext } from '../helpers/test-app.js';
import { claimedGift, givenGift, passExpiry } from '../helpers/gifts.js';

// Rows the checks must refuse (never stored), and a plain row for the persistence checks.
const newGift = (publicId: string) => ({
  publicId,
  amountCents: 5000,
  feeCents: 280,
  tipCents: 100,
  totalCents: 5380,
  createdAt: new Date('2026-01-01T00:00:00Z'),
});
const newDonor = (email: string) => ({
  email,
  firstName: 'Dana',
  lastName: 'Donor',
  createdAt: new Date('2026-01-01T00:00:00Z'),
});

describe.each(ENGINES)('database engine [%s]', (engine) => {
  let app: TestContext;
  let database: TestDatabase;
  beforeAll(async () => {
    app = await buildTestApp(engine);
    database = app.database;
  });
  afterAll(async () => {
    await app.close();
  });

  it('applies the migrations (tables, trigram extension) and re-running them is harmless', async () => {
    await database.migrate();
    const ext = await database.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect((ext as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('moves a gift paid → expired → refunded exactly once when 20 runs of the expiry job race', async () => {
    const { gift } = await givenGift(app);
    passExpiry(app, gift, DAY);
    const runs = await Promise.all(Array.from({ length: 20 }, () => processExpired(app.deps)));
    expect(runs.reduce((n, r) => n + r.processed, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const [row] = await database.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row!.status).toBe('refunded');
    expect(
      await database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!)),
    ).toHaveLength(1);
  });

  it('enforces the status and amount checks', async () => {
    await expect(database.db.insert(gifts).values({ ...newGift('bad-1'), state: 'lost' as never })).rejects.toThrow();
    await expect(database.db.insert(gifts).values({ ...newGift('bad-2'), amountCents: 0 })).rejects.toThrow();
  });

  it('never lets one gift be both transferred and refunded', async () => {
    const { gift } = await claimedGift(app);
    expect(gift.transferStartedAt).not.toBeNull();
    await expect(
      database.db.update(gifts).set({ refundStartedAt: new Date() }).where(eq(gifts.id, gift.id)),
    ).rejects.toThrow();
  });
});

describe('embedded database persistence', () => {
  it('keeps data across a restart in DATA_DIR/pglite', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-pglite-'));
    try {
      const first = await openDatabase({ pgliteDir: dir });
      await first.migrate();
      await first.db.insert(donors).values(newDonor('persist-1@example.com'));
      await first.close();

      const second = await openDatabase({ pgliteDir: dir });
      await second.migrate();
      const rows = await second.db.select().from(donors).where(eq(donors.email, 'persist-1@example.com'));
      expect(rows).toHaveLength(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two PGlite starts from disk with migrations: over a minute on the shared two cores under load.
  }, 180_000);
});

describePostgres('several instances starting on an empty database at once', () => {
  it('migrates it once: every instance starts, every migration is applied exactly once', async () => {
    const empty = await createEmptyPostgresDatabase();
    const instances = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: empty.url, poolMax: 2 })),
    );
    try {
      await Promise.all(instances.map((i) => i.migrate()));
      const journal = JSON.parse(
        readFileSync(new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const applied = await instances[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(journal.entries.length);
      await instances[1]!.db.insert(donors).values(newDonor('after-concurrent-migrate@example.com'));
      expect(
        await instances[2]!.db.select().from(donors).where(eq(donors.email, 'after-concurrent-migrate@example.com')),
      ).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      await empty.drop();
    }
  });
});
