// After the 60-day erasure nothing computable from the sender's or the recipient's address remains: every text
// column of every table is dumped and searched for each address and for its plain digests (SHA-1, SHA-256, MD5;
// hex, base64 and base64url, whole or cut to 16 characters). Keyed digests (HMAC under DIGEST_SECRET) are what
// the app uses where a lookup needs one, and the erasure removes those too.
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { DAY } from '../../src/server/clock.js';
import { gifts, outbox } from '../../src/server/db/schema.js';
import { deliverDueEmails, messageIdFor, queueEmail, recipientHash } from '../../src/server/email/outbox.js';
import type { Mailer, OutgoingEmail } from '../../src/server/email/transport.js';
import { purgeExpiredData } from '../../src/server/services/retention/purge.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { complete, startClaim, submitOnboarding } from '../helpers/claims.js';
import { giftPayload, postGift } from '../helpers/gift-payload.js';

/**
 * Every table's rows as text, except those that stand in for the outside world in development: the dev mailbox
 * (the recipients' inboxes) and the sandbox provider's own records (the provider's, not this database's, in
 * production), and the migrator's bookkeeping.
 */
async function everythingStored(ctx: TestContext): Promise<string> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ name: string }>(
    await ctx.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'
          and table_type = 'BASE TABLE' and table_name <> 'dev_emails' and table_name not like 'sandbox\_%'`,
    ),
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['gifts', 'outbox', 'security_log']));
  let all = '';
  for (const { name } of tables) {
    const dump = rowsOf<{ dump: string | null }>(
      await ctx.db.execute(sql`select json_agg(t)::text as dump from ${sql.identifier(name)} t`),
    );
    all += dump[0]?.dump ?? '';
  }
  return all;
}

/** An address and every plain digest of it a backup's reader could compute from a guess. */
function computableFrom(address: string): string[] {
  const forms = new Set([address, address.toLowerCase(), address.trim().toLowerCase()]);
  const out: string[] = [];
  for (const form of forms) {
    out.push(form);
    for (const algorithm of ['sha1', 'sha256', 'md5']) {
      const digest = createHash(algorithm).update(form).digest();
      for (const text of [digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')]) {
        out.push(text, text.slice(0, 16));
      }
    }
  }
  return out;
}

describeEachEngine('no address nor digest of one after the erasure', (ctx) => {
  it('leaves nothing computable from either address in any table', async () => {
    const recipient = `Erin.Recipient.${ctx().engine}@example.com`;
    const sender = `sam.sender.${ctx().engine}@example.com`;
    // A paid gift, claimed: created through the API, paid on the sandbox checkout page, claimed and onboarded.
    const created = await postGift(ctx(), giftPayload({ recipientEmail: recipient }), {
      origin: 'http://localhost:3000',
    });
    expect(created.statusCode).toBe(201);
    const checkout = new URL(created.json().checkoutUrl as string).pathname;
    const paid = await ctx().app.inject({
      method: 'POST',
      url: checkout,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: new URLSearchParams({ email: sender, name: 'Sam Sender', card: '4242424242424242' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const mail = await ctx().flushEmails();
    const claimToken = /\/claim\/([A-Za-z0-9_-]{43})/.exec(mail.find((m) => m.toAddress === recipient)!.textBody)![1]!;
    const account = await startClaim(ctx(), claimToken, 'Rex');
    expect(
      (await submitOnboarding(ctx(), account, 'verified', 'http://localhost:3000/verification-complete')).statusCode,
    ).toBe(303);
    await complete(ctx(), claimToken);
    // A second gift to the same recipient left unpaid (abandoned at the checkout).
    expect((await postGift(ctx(), giftPayload({ recipientEmail: recipient }))).statusCode).toBe(201);
    // The sender asks to sign in to a donor account (an unknown address: nothing is sent, but it is counted).
    await ctx().app.inject({ method: 'POST', url: '/api/donor/sign-in/request', payload: { email: sender } });
    await ctx().flushEmails();

    const [gift] = await ctx()
      .db.select()
      .from(gifts)
      .where(sql`${gifts.checkoutSessionId} = ${checkout.split('/').pop()}`);
    // The delivered messages keep a keyed digest while the gift lives (the gift page tells addresses apart with it).
    const secret = ctx().deps.config.digestSecret!;
    const kept = await ctx().db.select().from(outbox).where(eq(outbox.giftId, gift!.id));
    expect(kept.map((r) => r.recipientHash)).toContain(recipientHash(secret, recipient));

    // Even before the erasure (the addresses themselves are in the gift rows), no table holds a plain digest of one:
    // not the outbox, not the rate limits' buckets.
    const live = await everythingStored(ctx());
    for (const address of [recipient, sender]) {
      for (const needle of computableFrom(address).filter((n) => !n.includes('@'))) {
        expect(live.includes(needle), `${address}: ${needle} is stored`).toBe(false);
      }
    }

    // Claimed (or, had the payout not run yet, claim started): finish it the way the payout job would see it.
    if (gift!.status !== 'claimed') {
      await ctx()
        .db.update(gifts)
        .set({ state: 'claimed', stateChangedAt: ctx().clock.now() })
        .where(eq(gifts.id, gift!.id));
    }
    ctx().clock.advance(61 * DAY);
    const result = await purgeExpiredData(ctx().deps);
    expect(result.giftsErased).toBeGreaterThanOrEqual(2);

    const stored = await everythingStored(ctx());
    expect(stored.length).toBeGreaterThan(1000);
    for (const [who, address] of [
      ['recipient', recipient],
      ['sender', sender],
    ] as const) {
      for (const needle of computableFrom(address)) {
        expect(stored.includes(needle), `${who}: ${needle} is still stored`).toBe(false);
      }
      // Nor the keyed digest: the erasure took it with the address.
      expect(stored.includes(recipientHash(secret, address)), `${who}: keyed digest`).toBe(false);
    }
  });

  it('gives each message a Message-ID that shares nothing with the next one’s', async () => {
    const secret = ctx().deps.config.digestSecret!;
    const sent: OutgoingEmail[] = [];
    const capture: Mailer = { kind: 'smtp', send: async (email) => void sent.push(email), close: async () => {} };
    for (const kind of ['gift-notification', 'sender-receipt', 'gift-notification'])
      await queueEmail(ctx().db, ctx().clock, { kind, to: 'someone@example.com', subject: 'S', text: 'T' });
    await deliverDueEmails({
      db: ctx().db,
      mailer: capture,
      clock: ctx().clock,
      messageIdDomain: 'hushgift.example',
      digestSecret: secret,
    });
    expect(sent).toHaveLength(3);
    const local = sent.map((m) => /^<([0-9a-f]{32})@hushgift\.example>$/.exec(m.messageId)![1]!);
    expect(new Set(local).size).toBe(3);
    // No sequence: no row id or time in them, and no shared run of characters between neighbours.
    for (let i = 1; i < local.length; i++) {
      let shared = 0;
      while (local[i]![shared] === local[i - 1]![shared]) shared++;
      expect(shared, 'common prefix').toBeLessThan(6);
      for (let at = 0; at + 8 <= 32; at += 4) expect(local[i]).not.toContain(local[i - 1]!.slice(at, at + 8));
    }
    // Stable for one message (a retry keeps its id), different under another key.
    const [first] = await ctx()
      .db.select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.kind, 'sender-receipt'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(messageIdFor(secret, first!.id, 'hushgift.example')).toBe(sent[1]!.messageId);
    expect(messageIdFor(`${secret}x`, first!.id, 'hushgift.example')).not.toBe(sent[1]!.messageId);
  });
});
