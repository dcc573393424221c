// The claim link: minted when sent, stored only hashed, replaced by a resend, never carrying the sender.
import { eq } from 'drizzle-orm';
import { gifts } from '../../src/server/db/schema.js';
import { sha256 } from '../../src/server/crypto.js';
import { sendClaimLink } from '../../src/server/services/gifts/claim-link.js';
import { claimedGift, givenGift } from '../helpers/gifts.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { giftRowColumns } from '../helpers/gift-row.js';

/** The e-mails delivered so far (all of them, flushed first). */
const sentIds = async (ctx: TestContext) => new Set((await ctx.flushEmails()).map((m) => m.id));

const linkIn = (text: string) => /http:\/\/localhost:3000\/claim\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describeEachEngine('claim link e-mail', (ctx) => {
  it('mints a fresh token, stores only its hash, and e-mails the link without the sender', async () => {
    const { gift, claimToken: oldToken } = await givenGift(ctx(), { recipientEmail: 'link1@example.com' });
    const atPayment = await sentIds(ctx());
    expect(await ctx().db.transaction((tx) => sendClaimLink(tx, ctx().deps, gift.id))).toBe(true);
    const mail = (await ctx().flushEmails()).filter((m) => m.toAddress === 'link1@example.com' && !atPayment.has(m.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("You've received an anonymous gift of $50.00");
    const token = linkIn(mail[0]!.textBody)!;
    expect(token).toBeTruthy();
    const [row] = await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
    expect(row!.claimTokenHash).toBe(sha256(token));
    expect(row!.claimTokenHash).not.toBe(sha256(oldToken));
    for (const secret of ['Sam', 'Sender', row!.senderEmail!]) {
      expect(mail[0]!.textBody + mail[0]!.subject + (mail[0]!.htmlBody ?? '')).not.toContain(secret);
    }
  });

  it('does nothing for a gift that is not paid', async () => {
    const { gift } = await claimedGift(ctx(), { recipientEmail: 'link2@example.com' });
    const before = await sentIds(ctx());
    expect(await ctx().db.transaction((tx) => sendClaimLink(tx, ctx().deps, gift.id))).toBe(false);
    expect(
      (await ctx().flushEmails()).filter((m) => m.toAddress === 'link2@example.com' && !before.has(m.id)),
    ).toHaveLength(0);
  });

  it('queues once per dedupe key even when asked twice', async () => {
    // The payment queued the notification under this key; two more asks send nothing more.
    const { gift } = await givenGift(ctx(), { recipientEmail: 'link3@example.com' });
    await ctx().db.transaction((tx) => sendClaimLink(tx, ctx().deps, gift.id, { dedupeKey: `gift:${gift.id}:notify` }));
    await ctx().db.transaction((tx) => sendClaimLink(tx, ctx().deps, gift.id, { dedupeKey: `gift:${gift.id}:notify` }));
    const mail = (await ctx().flushEmails()).filter((m) => m.toAddress === 'link3@example.com');
    expect(mail).toHaveLength(1);
    // The link in the one e-mail sent still works: the second call did not rotate the token.
    const [row] = await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
    expect(row!.claimTokenHash).toBe(sha256(linkIn(mail[0]!.textBody)!));
  });
});
