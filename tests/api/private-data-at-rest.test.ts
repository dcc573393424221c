// Private data at rest (decision 012, docs/data-retention.md): provider events keep no payload, delivered
// e-mails keep no address or body, no raw claim token is stored anywhere but the outgoing message, and the
// purge removes payout-account links, failed-login addresses, dead sign-in e-mails and gifts left expired.
import { eq, sql } from 'drizzle-orm';
import { gifts, outbox, recipientAccounts, securityLog, webhookEvents } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { keyedDigest, sha256 } from '../../src/server/crypto.js';
import { OUTBOX_MAX_ATTEMPTS, deliverDueEmails, queueEmail, recipientHash } from '../../src/server/email/outbox.js';
import { FAILED_LOGIN_ADDRESS_DAYS, purgeExpiredData } from '../../src/server/services/retention/purge.js';
import { logSecurityEvent } from '../../src/server/services/security-log.js';
import type { Mailer } from '../../src/server/email/transport.js';
import { claimedGift, expiredGift } from '../helpers/gifts.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { checkoutEvent, createPendingGift, postEvent, sandboxWithStripeWebhooks } from '../helpers/gift-payload.js';
import { giftRowColumns } from '../helpers/gift-row.js';

const claimToken = (text: string) => /\/claim\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

/** Every table's rows as text, except the dev mailbox (the development stand-in for the recipient's inbox). */
async function everythingStored(ctx: TestContext): Promise<string> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ name: string }>(
    await ctx.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_name <> 'dev_emails'`,
    ),
  );
  let all = '';
  for (const { name } of tables) {
    const dump = rowsOf<{ dump: string | null }>(
      await ctx.db.execute(sql`select json_agg(t)::text as dump from ${sql.identifier(name)} t`),
    );
    all += dump[0]?.dump ?? '';
  }
  return all;
}

describeEachEngine(
  'private data at rest',
  (ctx) => {
    it('stores a provider event as id, type, object id and gift id only, and delivered e-mails without address or body', async () => {
      const gift = await createPendingGift(ctx(), { recipientEmail: 'rest.recipient@example.com' });
      const event = checkoutEvent(gift, { email: 'Secret.Sender@example.com', name: 'Secret Sender' });
      expect((await postEvent(ctx(), event)).statusCode).toBe(200);
      const [stored] = await ctx().db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
      expect(stored).toEqual({
        id: event.id,
        type: 'checkout_paid',
        receivedAt: ctx().clock.now(),
        processedAt: ctx().clock.now(),
        objectId: gift.checkoutSessionId,
        giftId: gift.id,
      });

      const delivered = await ctx().flushEmails();
      const notice = delivered.find((m) => m.toAddress === 'rest.recipient@example.com')!;
      const token = claimToken(notice.textBody)!;
      expect(token).toBeTruthy();
      const rows = await ctx().db.select().from(outbox).where(eq(outbox.giftId, gift.id));
      expect(rows.map((r) => r.kind).sort()).toEqual(['gift-notification', 'sender-receipt']);
      for (const row of rows) {
        expect(row).toMatchObject({ toAddress: null, replyTo: null, subject: null, textBody: null, htmlBody: null });
        expect(row.sentAt).toEqual(ctx().clock.now());
      }
      // A keyed digest (HMAC under DIGEST_SECRET), never the plain SHA-256 anyone could compute from a guess.
      const secret = ctx().deps.config.digestSecret!;
      expect(rows.find((r) => r.kind === 'gift-notification')!.recipientHash).toBe(
        recipientHash(secret, 'rest.recipient@example.com'),
      );
      expect(rows.find((r) => r.kind === 'sender-receipt')!.recipientHash).toBe(
        recipientHash(secret, 'secret.sender@example.com'),
      );
      for (const row of rows) expect(row.recipientHash).not.toBe(sha256('secret.sender@example.com'));

      // The raw claim token was only ever in the outgoing message: no table holds it now.
      const stored2 = await everythingStored(ctx());
      expect(stored2).not.toContain(token);
      expect(stored2).toContain(sha256(token)); // the gift's claim_token_hash
      expect(stored2.toLowerCase()).toContain('secret.sender@example.com'); // the gift's sender row, until its erasure
      expect(JSON.stringify(stored)).not.toMatch(/secret/i);
    });

    it('erases a message it gives up on, after the last attempt', async () => {
      const failing: Mailer = {
        kind: 'smtp',
        send: async () => Promise.reject(new Error('mailbox unavailable')),
        close: async () => {},
      };
      await queueEmail(ctx().db, ctx().clock, {
        kind: 'test',
        to: 'never@example.com',
        subject: 'Link',
        text: 'https://x/claim/secret',
      });
      const [queued] = await ctx().db.select().from(outbox).where(eq(outbox.toAddress, 'never@example.com'));
      await ctx()
        .db.update(outbox)
        .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 })
        .where(eq(outbox.id, queued!.id));
      expect(
        await deliverDueEmails(
          {
            db: ctx().db,
            mailer: failing,
            clock: ctx().clock,
            messageIdDomain: 't',
            digestSecret: ctx().deps.config.digestSecret!,
          },
          1000,
        ),
      ).toMatchObject({ failed: 1 });
      const [row] = await ctx().db.select().from(outbox).where(eq(outbox.id, queued!.id));
      expect(row).toMatchObject({
        toAddress: null,
        subject: null,
        textBody: null,
        htmlBody: null,
        lastError: 'mailbox unavailable',
      });
      expect(row!.failedAt).toEqual(ctx().clock.now());
    });
  },
  { payments: sandboxWithStripeWebhooks },
);

describeEachEngine('retention policy of decision 012', (ctx) => {
  const purge = () => purgeExpiredData(ctx().deps);
  beforeEach(async () => {
    ctx().clock.advance(3 * 366 * DAY);
    await purge();
  });

  it('erases a gift left in expired 60 days after it expired', async () => {
    const t0 = ctx().clock.now();
    const { gift } = await expiredGift(ctx());
    expect(gift.expiredAt).toEqual(t0);
    ctx().clock.advance(60 * DAY - 1000);
    expect((await purge()).giftsErased).toBe(0);
    ctx().clock.advance(1000);
    expect((await purge()).giftsErased).toBe(1);
    const [row] = await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
    expect(row).toMatchObject({
      status: 'expired',
      recipientEmail: null,
      senderEmail: null,
      claimTokenHash: null,
      amountCents: gift.amountCents,
    });
  });

  it('deletes a payout-account link once no gift to that address keeps its personal data', async () => {
    const email = 'payout.link@example.com';
    const t0 = ctx().clock.now();
    // The first claim links the address to a payout account; the second, a month later, uses the same one.
    const first = (await claimedGift(ctx(), { recipientEmail: email })).gift;
    expect(first.claimedAt).toEqual(t0);
    ctx().clock.advance(30 * DAY);
    const second = (await claimedGift(ctx(), { recipientEmail: email.toUpperCase() })).gift;
    const account = first.recipientAccountId!;
    expect(second.recipientAccountId).toBe(account);
    ctx().clock.advance(30 * DAY);
    const firstRun = await purge();
    expect(firstRun).toMatchObject({ giftsErased: 1, payoutAccountsDeleted: 0 });
    expect(await ctx().db.$count(recipientAccounts, eq(recipientAccounts.providerAccountId, account))).toBe(1);
    ctx().clock.advance(30 * DAY);
    expect(await purge()).toMatchObject({ giftsErased: 1, payoutAccountsDeleted: 1 });
    expect(await ctx().db.$count(recipientAccounts, eq(recipientAccounts.providerAccountId, account))).toBe(0);
  });

  it('replaces the address of a failed admin login by its keyed hash after 30 days, and keeps admins’ own events', async () => {
    await logSecurityEvent(ctx().db, ctx().clock, {
      event: 'admin.login_failed',
      actor: 'Typo.Owner@example.com',
      ip: '10.0.0.1',
    });
    await logSecurityEvent(ctx().db, ctx().clock, {
      event: 'admin.lockout',
      actor: 'typo.owner@example.com',
      ip: '10.0.0.1',
    });
    await logSecurityEvent(ctx().db, ctx().clock, { event: 'admin.login', actor: 'owner@example.com', ip: '10.0.0.1' });
    // A row an earlier version hashed without a key is keyed too, to the same value.
    await logSecurityEvent(ctx().db, ctx().clock, {
      event: 'admin.login_failed',
      actor: `sha256:${sha256('typo.owner@example.com')}`,
      ip: '10.0.0.1',
    });
    ctx().clock.advance(FAILED_LOGIN_ADDRESS_DAYS * DAY - 1000);
    expect((await purge()).failedLoginAddressesHashed).toBe(0);
    ctx().clock.advance(1000);
    expect((await purge()).failedLoginAddressesHashed).toBe(3);
    const actors = (await ctx().db.select().from(securityLog).orderBy(securityLog.id)).map((r) => r.actor);
    // Keyed (HMAC under DIGEST_SECRET): a backup's reader cannot test a guessed address against it.
    const keyed = `hmac:${keyedDigest(ctx().deps.config.digestSecret!, 'failed-login-address', sha256('typo.owner@example.com'))}`;
    expect(actors).toEqual([keyed, keyed, 'owner@example.com', keyed]);
    expect(actors.join()).not.toContain(sha256('typo.owner@example.com'));
    expect((await purge()).failedLoginAddressesHashed).toBe(0);
  });

  it('erases a sign-in e-mail that was not delivered within a day', async () => {
    await queueEmail(ctx().db, ctx().clock, {
      kind: 'donor-sign-in',
      to: 'late@example.com',
      subject: 'Sign in',
      text: 'https://x/donor/login?token=t',
    });
    ctx().clock.advance(DAY - 1000);
    await purge();
    const [waiting] = await ctx().db.select().from(outbox).where(eq(outbox.toAddress, 'late@example.com'));
    expect(waiting!.textBody).not.toBeNull();
    ctx().clock.advance(1000);
    await purge();
    const [gone] = await ctx().db.select().from(outbox).where(eq(outbox.id, waiting!.id));
    expect(gone).toMatchObject({ toAddress: null, textBody: null, htmlBody: null, subject: null });
    expect(gone!.failedAt).toEqual(ctx().clock.now());
  });
});
