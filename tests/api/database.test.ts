// The same behaviour on both engines: migrations, conditional transitions under concurrency, persistence.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';
import { gifts } from '../../src/server/db/schema.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../helpers/databases.js';

const newGift = (publicId: string) => ({
  publicId,
  amountCents: 5000,
  feeCents: 280,
  tipCents: 100,
  totalCents: 5380,
  createdAt: new Date('2026-01-01T00:00:00Z'),
});

describe.each(ENGINES)('database engine [%s]', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('applies the migrations (tables, trigram extension) and re-running them is harmless', async () => {
    await database.migrate();
    const ext = await database.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect((ext as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('moves a state exactly once when 20 transitions race', async () => {
    const [row] = await database.db.insert(gifts).values(newGift('race-1')).returning();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db
          .update(gifts)
          .set({ status: 'paid' })
          .where(and(eq(gifts.id, row!.id), eq(gifts.status, 'pending')))
          .returning({ id: gifts.id }),
      ),
    );
    expect(attempts.filter((r) => r.length === 1)).toHaveLength(1);
  });

  it('enforces the status and amount checks', async () => {
    await expect(database.db.insert(gifts).values({ ...newGift('bad-1'), status: 'lost' })).rejects.toThrow();
    await expect(database.db.insert(gifts).values({ ...newGift('bad-2'), amountCents: 0 })).rejects.toThrow();
  });

  it('never lets one gift be both transferred and refunded', async () => {
    const [row] = await database.db
      .insert(gifts)
      .values({ ...newGift('xor-1'), transferStartedAt: new Date() })
      .returning();
    await expect(
      database.db.update(gifts).set({ refundStartedAt: new Date() }).where(eq(gifts.id, row!.id)),
    ).rejects.toThrow();
  });
});

describe('embedded database persistence', () => {
  it('keeps data across a restart in DATA_DIR/pglite', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hg-pglite-'));
    try {
      const first = await openDatabase({ pgliteDir: dir });
      await first.migrate();
      await first.db.insert(gifts).values(newGift('persist-1'));
      await first.close();

      const second = await openDatabase({ pgliteDir: dir });
      await second.migrate();
      const rows = await second.db.select().from(gifts).where(eq(gifts.publicId, 'persist-1'));
      expect(rows).toHaveLength(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
