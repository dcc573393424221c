// The outbox against a real SMTP server on loopback: delivered once, retried through an outage, never twice.
import { eq } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema.js';
import { deliverDueEmails, queueEmail } from '../../src/server/email/outbox.js';
import { smtpMailer } from '../../src/server/email/transport.js';
import { SmtpPeer } from '../helpers/smtp.js';
import { ENGINES } from '../helpers/databases.js';
import { buildTestApp, type TestContext } from '../helpers/test-app.js';

describe.each(ENGINES)('e-mail outbox over SMTP [%s]', (engine) => {
  let ctx: TestContext;
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = new SmtpPeer();
    await peer.listen();
    ctx = await buildTestApp(engine, { mailer: () => smtpMailer(peer.url, 'Hushgift <no-reply@hushgift.test>') });
  });
  afterAll(async () => {
    await peer.close();
    await ctx.close();
  });

  const deliver = () =>
    deliverDueEmails({
      db: ctx.db,
      mailer: ctx.deps.mailer,
      clock: ctx.clock,
      messageIdDomain: 'hushgift.test',
      digestSecret: ctx.deps.config.digestSecret!,
    });

  it('writes the message in the caller’s transaction: a rolled-back change sends nothing', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await queueEmail(tx, ctx.clock, { kind: 'test', to: 'ghost@example.com', subject: 'Never', text: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'ghost@example.com'))).toHaveLength(0);
  });

  it('delivers a queued message exactly once while SMTP is up', async () => {
    await peer.start();
    await queueEmail(ctx.db, ctx.clock, { kind: 'test', to: 'ann@example.com', subject: 'Hello Ann', text: 'Hi' });
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    const got = peer.received.filter((m) => m.to.includes('ann@example.com'));
    expect(got).toHaveLength(1);
    expect(got[0]!.raw).toContain('Subject: Hello Ann');
  });

  it('keeps a message queued while SMTP is down and delivers it once when it is back', async () => {
    await peer.stop();
    await queueEmail(ctx.db, ctx.clock, { kind: 'test', to: 'bob@example.com', subject: 'Hello Bob', text: 'Hi' });

    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'bob@example.com'));
    expect(row!.sentAt).toBeNull();
    expect(row!.lastError).toBeTruthy();
    // Backoff: not retried before it is due.
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });

    await peer.start();
    ctx.clock.advance(60_000);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    ctx.clock.advance(3_600_000);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(peer.received.filter((m) => m.to.includes('bob@example.com'))).toHaveLength(1);
  });

  it('sends each message once when several workers deliver in parallel', async () => {
    for (let i = 0; i < 10; i++) {
      await queueEmail(ctx.db, ctx.clock, {
        kind: 'test',
        to: `p${i}@example.com`,
        subject: `Parallel ${i}`,
        text: 'x',
      });
    }
    const results = await Promise.all([deliver(), deliver(), deliver()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(10);
    for (let i = 0; i < 10; i++) {
      expect(peer.received.filter((m) => m.to.includes(`p${i}@example.com`))).toHaveLength(1);
    }
  });

  it('queues a message once per dedupe key', async () => {
    for (let i = 0; i < 3; i++) {
      await queueEmail(ctx.db, ctx.clock, {
        kind: 'test',
        to: 'once@example.com',
        subject: 'Once',
        text: 'x',
        dedupeKey: 'once-1',
      });
    }
    expect(await ctx.db.select().from(outbox).where(eq(outbox.dedupeKey, 'once-1'))).toHaveLength(1);
  });
});
