// Two server processes on one PostgreSQL database run every scheduled job at once (expiry with refunds,
// payouts waiting on verification, e-mail delivery, retention): each gift is processed once and each e-mail
// reaches the SMTP server once.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { gifts, outbox, sandboxAccounts, sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import { systemClock, DAY, MINUTE } from '../../src/server/clock.js';
import { queueEmail } from '../../src/server/email/outbox.js';
import { describePostgres } from '../helpers/postgres-only.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { seedGift, type GiftRow } from '../helpers/seed.js';
import { SmtpPeer } from '../helpers/smtp.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { waitUntil } from './helpers/processes.js';

describePostgres('several instances on one database', () => {
  let database: TestDatabase;
  let smtp: SmtpPeer;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { ledgerCheck: false });
    smtp = new SmtpPeer();
    await smtp.start();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
    await smtp?.close();
    await database?.destroy();
  });

  it('processes every gift once and sends every e-mail once', async () => {
    const ctx = { db: database.db, clock: systemClock };
    const now = Date.now();
    const expiring: GiftRow[] = [];
    const payable: GiftRow[] = [];
    const finished: GiftRow[] = [];
    for (let i = 0; i < 15; i++) {
      expiring.push(
        (await seedGift(ctx, { expiresAt: new Date(now - DAY), senderEmail: `expire${i}@example.com` })).gift,
      );
    }
    for (let i = 0; i < 8; i++) {
      const account = `acct_sb_multi_${i}`;
      await database.db.insert(sandboxAccounts).values({
        id: account,
        email: `payee${i}@example.com`,
        status: 'verified',
        createdAt: new Date(now),
        updatedAt: new Date(now),
      });
      payable.push(
        (
          await seedGift(ctx, {
            recipientEmail: `payee${i}@example.com`,
            claimStartedAt: new Date(now - MINUTE),
            recipientAccountId: account,
          })
        ).gift,
      );
    }
    for (let i = 0; i < 5; i++) {
      finished.push(
        (
          await seedGift(ctx, {
            status: 'claimed',
            claimedAt: new Date(now - 61 * DAY),
            transferStartedAt: new Date(now - 61 * DAY),
          })
        ).gift,
      );
    }
    for (let i = 0; i < 20; i++) {
      await queueEmail(database.db, systemClock, {
        kind: 'test',
        to: `backlog${i}@example.com`,
        subject: `Backlog ${i}`,
        text: 'x',
      });
    }

    const env = {
      DATABASE_URL: database.url!,
      SMTP_URL: smtp.url,
      EXPIRY_INTERVAL_MINUTES: '0.01',
      OUTBOX_INTERVAL_MS: '100',
      RECONCILE_AFTER_SECONDS: '30',
    };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));

    const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
    await waitUntil(
      async () => {
        const open = await database.db
          .select({ id: gifts.id })
          .from(gifts)
          .where(
            and(
              inArray(gifts.id, [...ids(expiring), ...ids(payable), ...ids(finished)]),
              // Not yet where it should end.
              inArray(gifts.status, ['paid', 'expired']),
            ),
          );
        const erased = await database.db
          .select({ id: gifts.id })
          .from(gifts)
          .where(and(inArray(gifts.id, ids(finished)), isNull(gifts.personalDataErasedAt)));
        const unsent = await database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.sentAt));
        return open.length === 0 && erased.length === 0 && unsent.length === 0;
      },
      'both instances to finish every job',
      90_000,
    );

    // Each expired gift: refunded once, its sender e-mailed once.
    for (const g of expiring) {
      const [row] = await database.db.select().from(gifts).where(eq(gifts.id, g.id));
      expect(row!.status).toBe('refunded');
      expect(
        await database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, g.paymentIntentId!)),
      ).toHaveLength(1);
      expect(smtp.received.filter((m) => m.to.includes(g.senderEmail!))).toHaveLength(1);
    }
    // Each payable gift: one transfer, claimed, its recipient e-mailed once.
    for (const g of payable) {
      const [row] = await database.db.select().from(gifts).where(eq(gifts.id, g.id));
      expect(row!.status).toBe('claimed');
      expect(
        await database.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.transferGroup, g.publicId)),
      ).toHaveLength(1);
      expect(smtp.received.filter((m) => m.to.includes(g.recipientEmail!))).toHaveLength(1);
    }
    // The backlog: every message exactly once.
    for (let i = 0; i < 20; i++) {
      expect(smtp.received.filter((m) => m.to.includes(`backlog${i}@example.com`))).toHaveLength(1);
    }
    // Nothing sent twice overall: one SMTP delivery per outbox row.
    const rows = await database.db.select({ id: outbox.id }).from(outbox);
    expect(smtp.received).toHaveLength(rows.length);
  });
});
