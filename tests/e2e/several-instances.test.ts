// Two server processes on one PostgreSQL database run every scheduled job at once (expiry with refunds,
// payouts waiting on verification, e-mail delivery, retention): each gift is processed once and each e-mail
// reaches the SMTP server once.
import { and, eq, gt, inArray, isNull, max } from 'drizzle-orm';
import { gifts, outbox, sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import { systemClock, DAY, MINUTE } from '../../src/server/clock.js';
import { CLAIM_WINDOW_DAYS } from '../../src/shared/constants.js';
import { queueEmail } from '../../src/server/email/outbox.js';
import { describePostgres } from '../helpers/postgres-only.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { claimedGift, givenGift, type GiftRow } from '../helpers/gifts.js';
import { setAccountStatus, startClaim } from '../helpers/claims.js';
import { makeBeforeStart } from './helpers/before-start.js';
import { SmtpPeer } from '../helpers/smtp.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { waitUntil } from './helpers/processes.js';
import { giftRowColumns } from '../helpers/gift-row.js';

describePostgres('several instances on one database', () => {
  let database: TestDatabase;
  let smtp: SmtpPeer;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    smtp = new SmtpPeer();
    await smtp.start();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
    await smtp?.close();
    await database?.destroy();
  });

  it('processes every gift once and sends every e-mail once', async () => {
    const now = Date.now();
    const expiring: GiftRow[] = [];
    const payable: GiftRow[] = [];
    const finished: GiftRow[] = [];
    // Made through the product on the servers' database, the app's clock moving forward from 62 days back.
    await makeBeforeStart(
      { databaseUrl: database.url! },
      async (ctx) => {
        // Claimed and paid out 62 days ago: due for the retention job's erasure.
        for (let i = 0; i < 5; i++) finished.push((await claimedGift(ctx)).gift);
        // Paid a claim window and a day ago, never claimed: due for refund.
        ctx.clock.set(new Date(now - (CLAIM_WINDOW_DAYS + 1) * DAY));
        for (let i = 0; i < 15; i++) {
          const sender = { name: 'Sam Sender', email: `expire${i}@example.com` };
          expiring.push((await givenGift(ctx, { sender })).gift);
        }
        // Claimed a minute ago, the payout account verified at the provider since: due for the payout job.
        ctx.clock.set(new Date(now - MINUTE));
        for (let i = 0; i < 8; i++) {
          const given = await givenGift(ctx, { recipientEmail: `payee${i}@example.com` });
          await setAccountStatus(ctx, await startClaim(ctx, given.claimToken), 'verified');
          payable.push(given.gift);
        }
      },
      { clockStart: new Date(now - 62 * DAY) },
    );
    // What the servers send from here: the states' own e-mails went to the dev mailbox before they started.
    const [{ lastBefore }] = (await database.db.select({ lastBefore: max(outbox.id) }).from(outbox)) as [
      { lastBefore: number | null },
    ];
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
      const [row] = await database.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, g.id));
      expect(row!.status).toBe('refunded');
      expect(
        await database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, g.paymentIntentId!)),
      ).toHaveLength(1);
      expect(smtp.received.filter((m) => m.to.includes(g.senderEmail!))).toHaveLength(1);
    }
    // Each payable gift: one transfer, claimed, its recipient e-mailed once.
    for (const g of payable) {
      const [row] = await database.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, g.id));
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
    const rows = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(gt(outbox.id, lastBefore ?? 0));
    expect(smtp.received).toHaveLength(rows.length);
  });
});
