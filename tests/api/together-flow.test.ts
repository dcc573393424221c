// Give together (decision 026), through the product: an organiser starts a group gift (nothing paid) and gets both
// links on screen and by e-mail; three contributors pay their shares in parallel through the hosted checkout; the
// share page shows only the count and the rounded progress, the organiser page the total; one share is withdrawn;
// the organiser sends; the recipient gets ONE claim e-mail with the sum, claims it once, and the payout is one
// transfer per share, each funded by that share's own charge. A share paid after the send is refunded.
import { eq } from 'drizzle-orm';
import { ledgerMovements, sandboxTransfers } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { runGroupDeadlines, sendOrganiserReminders } from '../../src/server/services/together/send.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { claimLinkIn, lookup, manage } from '../helpers/gift-page.js';
import { claim, complete, sendThankYouNote, setAccountStatus, startClaim } from '../helpers/claims.js';
import { payCheckout } from '../helpers/gifts.js';
import {
  contribute,
  contributeRequest,
  groupPayload,
  organiserPage,
  sendNow,
  sharePage,
  sharesOf,
  startGroup,
  startGroupRequest,
} from '../helpers/together.js';
import { gifts, groupGifts } from '../../src/server/db/schema.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import { purgeExpiredData } from '../../src/server/services/retention/purge.js';
import { giftRowColumns } from '../helpers/gift-row.js';

const PAYERS = [
  { name: 'Zelda Quill', email: 'zelda.quill@payer.example' },
  { name: 'Yannick Vortex', email: 'yannick.vortex@payer.example' },
  { name: 'Xavier Umber', email: 'xavier.umber@payer.example' },
];
const SECRETS = PAYERS.flatMap((p) => [...p.name.split(' '), p.email]);

describeEachEngine('give together', (ctx) => {
  it('refuses a bad start with a 4xx naming the field', async () => {
    const c = ctx();
    for (const [field, value] of [
      ['deadlineDays', 0],
      ['deadlineDays', 15],
      ['goal', '1.00'],
      ['recipientEmail', 'nope'],
      ['securityAnswer', null],
    ] as const) {
      const res = await startGroupRequest(c, { ...groupPayload(), [field]: value });
      expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await sharePage(c, 'x'.repeat(43))).statusCode).toBe(404);
    expect((await organiserPage(c, 'short')).statusCode).toBe(404);
  });

  it('pools three parallel shares into one claim, one transfer per share, anonymous throughout', async () => {
    const c = ctx();
    const group = await startGroup(c);
    // Nothing is paid to start; the organiser gets both links by e-mail.
    const [welcome] = await c.flushEmails(group.organiserEmail);
    expect(welcome!.textBody).toContain(`/together/${group.shareToken}`);
    expect(welcome!.textBody).toContain(`/together/organise/${group.organiserToken}`);
    expect((await sharePage(c, group.shareToken)).json()).toMatchObject({
      state: 'open',
      recipientFirstName: 'Rita',
      personalNote: 'From all of us at the choir',
      contributions: 0,
      goalProgressPercent: 0,
    });

    // Three contributors at once: $100, $70, $44 of a $300 goal.
    const amounts = [10_000, 7_000, 4_400];
    const paid = await Promise.all(amounts.map((a, i) => contribute(c, group.shareToken, a, PAYERS[i]!)));
    const ids = paid.map((p) => p.share.id);
    for (const p of paid) expect(p.share.groupGiftId).not.toBeNull();
    // No share was delivered on its own.
    expect(await c.flushEmails(group.recipientEmail)).toHaveLength(0);

    const share = (await sharePage(c, group.shareToken)).json();
    // 214 of 300 is 71%: shown as 70%, never the total.
    expect(share).toMatchObject({ contributions: 3, goalProgressPercent: 70 });
    expect(JSON.stringify(share)).not.toContain('214');
    const organiser = (await organiserPage(c, group.organiserToken)).json();
    expect(organiser).toMatchObject({ contributions: 3, total: '214.00', goal: '300.00', state: 'open' });
    expect(organiser.shareUrl).toBe(`http://localhost:3000/together/${group.shareToken}`);
    for (const secret of SECRETS) {
      expect(JSON.stringify(share)).not.toContain(secret);
      expect(JSON.stringify(organiser)).not.toContain(secret);
    }

    // The third contributor withdraws: refunded as a cancellation (amount back, fee and tip kept).
    const page = (await manage(c, paid[2]!.manageToken)).json();
    expect(page.actions).toMatchObject({ cancel: true, correctEmail: false, resend: false, reschedule: false });
    expect(
      (await manage(c, paid[2]!.manageToken, 'recipient-email', { recipientEmail: 'x@example.com' })).statusCode,
    ).toBe(409);
    expect((await manage(c, paid[2]!.manageToken, 'cancel')).statusCode).toBe(200);
    expect((await sharePage(c, group.shareToken)).json()).toMatchObject({ contributions: 2, goalProgressPercent: 60 });

    // The organiser sends: the recipient gets ONE e-mail with the sum.
    const sent = await sendNow(c, group.organiserToken);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ state: 'sent', total: '170.00', contributions: 2 });
    expect((await sendNow(c, group.organiserToken)).json()).toMatchObject({ code: 'GIFT_STATE_CONFLICT' });
    // Withdrawing after the send is refused.
    expect((await manage(c, paid[0]!.manageToken)).json().actions.cancel).toBe(false);
    expect((await manage(c, paid[0]!.manageToken, 'cancel')).statusCode).toBe(409);

    const mail = await c.flushEmails(group.recipientEmail);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your friends sent you $170.00');
    const recipientSees = [mail[0]!.subject, mail[0]!.textBody, mail[0]!.htmlBody ?? ''];
    const token = claimLinkIn(mail[0]!.textBody)!;
    const claimPage = await lookup(c, token);
    // The message waits behind the question (issue 25 point 1).
    expect(claimPage.json()).toMatchObject({ amount: '170.00', personalNote: null, hasSecurityQuestion: true });
    recipientSees.push(claimPage.body);

    // Claimed like a one-person gift: question (which opens the message), onboarding, then one transfer per share.
    const answered = await claim(c, token, { securityAnswer: 'Rex' });
    expect(answered.json()).toMatchObject({ personalNote: 'From all of us at the choir' });
    recipientSees.push(answered.body);
    const account = await startClaim(c, token, 'Rex');
    await setAccountStatus(c, account, 'verified');
    const done = await complete(c, token);
    expect(done.json()).toMatchObject({ success: true, amount: '170.00' });
    recipientSees.push(done.body);
    const [first, second, third] = await sharesOf(c, ids);
    expect([first!.status, second!.status, third!.status]).toEqual(['claimed', 'claimed', 'refunded']);
    for (const s of [first!, second!]) {
      const transfers = await c.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.transferGroup, s.publicId));
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({
        accountId: account,
        amountCents: s.amountCents,
        sourceTransaction: s.chargeId,
      });
    }
    const outgoing = await c.db.select().from(ledgerMovements).where(eq(ledgerMovements.giftId, third!.id));
    expect(outgoing.filter((m) => m.kind === 'refund')).toHaveLength(1);

    // Admin search finds the group's shares by the group's id, and by the recipient's address; the lead is marked.
    await setupAdmin(c);
    const headers = { cookie: await adminCookie(c) };
    const [group0] = await c.db.select().from(groupGifts).where(eq(groupGifts.id, first!.groupGiftId!));
    const search = async (q: string) =>
      (
        await c.app.inject({ method: 'GET', url: `/api/admin/gifts/search?q=${encodeURIComponent(q)}`, headers })
      ).json() as Array<{
        id: number;
        group: { id: string; lead: boolean } | null;
      }>;
    const byGroup = await search(group0!.publicId);
    expect(byGroup.map((g) => g.id).sort()).toEqual([...ids].sort());
    for (const found of byGroup)
      expect(found.group).toEqual({ id: group0!.publicId, lead: found.id === group0!.leadGiftId });
    expect(byGroup.filter((g) => g.group?.lead)).toHaveLength(1);
    expect((await search(group.recipientEmail)).map((g) => g.id).sort()).toEqual([...ids].sort());

    // The recipient's thank-you note reaches every contributor whose share was paid out, on their own page.
    expect((await sendThankYouNote(c, token, 'Thank you all!')).statusCode).toBe(200);
    for (const [i, payer] of PAYERS.entries()) {
      const thanks = (await c.flushEmails(payer.email)).filter((m) => m.subject.endsWith('sent you a thank-you note'));
      expect(thanks, payer.email).toHaveLength(i < 2 ? 1 : 0);
      if (i < 2) expect((await manage(c, paid[i]!.manageToken)).json().thankYou.note).toBe('Thank you all!');
    }

    // The recipient's confirmation: one, with the sum; nothing of any payer anywhere the recipient looks.
    const after = await c.flushEmails(group.recipientEmail);
    expect(after).toHaveLength(2);
    expect(after[1]!.textBody).toContain('$170.00');
    recipientSees.push(...after.flatMap((m) => [m.subject, m.textBody]));
    for (const text of recipientSees) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      for (const own of ['$100.00', '$70.00', '$44.00']) expect(text).not.toContain(own);
    }
  });

  it('refunds a share paid after the send, and refuses new contributions', async () => {
    const c = ctx();
    const group = await startGroup(c, { goal: '' });
    await contribute(c, group.shareToken, 2_500, PAYERS[0]!);
    const late = await contributeRequest(c, group.shareToken, 3_000);
    expect(late.statusCode).toBe(201);
    expect((await sendNow(c, group.organiserToken)).statusCode).toBe(200);
    expect((await contributeRequest(c, group.shareToken, 3_000)).statusCode).toBe(409);
    // The checkout opened before the send is paid after it.
    const checkoutUrl = new URL(late.json().checkoutUrl);
    const [pending] = await c.db
      .select(giftRowColumns)
      .from(gifts)
      .where(eq(gifts.checkoutSessionId, checkoutUrl.pathname.split('/').pop()!));
    await payCheckout(c, { gift: pending!, checkoutUrl }, PAYERS[1]!).catch(() => undefined);
    const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, pending!.id));
    expect(row!.cancelledAt).not.toBeNull();
    const receipt = (await c.flushEmails(PAYERS[1]!.email)).at(-1)!;
    expect(receipt.textBody).toContain('arrived after the group gift');
    expect((await organiserPage(c, group.organiserToken)).json()).toMatchObject({ total: '25.00', contributions: 1 });
  });

  it('goes by itself at the deadline with a share, closes without one, and reminds the organiser once', async () => {
    const c = ctx();
    const empty = await startGroup(c, { deadlineDays: 2 });
    const full = await startGroup(c, { deadlineDays: 2 });
    await contribute(c, full.shareToken, 1_000, PAYERS[2]!);
    await c.flushEmails();
    c.clock.advance(1 * DAY + 60_000);
    expect(await sendOrganiserReminders(c.deps)).toEqual({ sent: 2 });
    expect(await sendOrganiserReminders(c.deps)).toEqual({ sent: 0 });
    const reminder = (await c.flushEmails(full.organiserEmail)).at(-1)!;
    expect(reminder.subject).toContain('closes soon');
    expect(reminder.textBody).toContain('1 contribution, $10.00');
    c.clock.advance(1 * DAY);
    expect(await runGroupDeadlines(c.deps)).toEqual({ sent: 1, closed: 1 });
    expect((await organiserPage(c, empty.organiserToken)).json()).toMatchObject({ state: 'closed' });
    expect((await sharePage(c, full.shareToken)).json()).toMatchObject({ state: 'sent', contributions: 1 });
    expect(await c.flushEmails(full.recipientEmail)).toHaveLength(1);
    expect(await c.flushEmails(empty.recipientEmail)).toHaveLength(0);

    // Retention: the closed group's personal data goes 60 days after it closed; the sent one keeps it while its
    // share (unclaimed, then refunded at expiry) still holds its own.
    c.clock.advance(61 * DAY);
    expect((await purgeExpiredData(c.deps)).groupGiftsErased).toBeGreaterThanOrEqual(1);
    expect((await organiserPage(c, empty.organiserToken)).json()).toMatchObject({ recipientFirstName: '' });
    expect((await organiserPage(c, full.organiserToken)).json()).toMatchObject({ recipientFirstName: 'Rita' });
  });

  it("resends a group gift's e-mail only through its lead share, never a share's on its own", async () => {
    const c = ctx();
    const group = await startGroup(c);
    const paid = await Promise.all([4_000, 3_000].map((a, i) => contribute(c, group.shareToken, a, PAYERS[i]!)));
    await setupAdmin(c);
    const headers = { cookie: await adminCookie(c) };
    const resend = (id: number) =>
      c.app.inject({ method: 'POST', url: `/api/admin/gifts/${id}/resend-email`, headers, payload: {} });
    // Before the send no share has a claim link to resend.
    expect((await resend(paid[0]!.share.id)).statusCode).toBe(409);
    expect(await c.flushEmails(group.recipientEmail)).toHaveLength(0);

    expect((await sendNow(c, group.organiserToken)).statusCode).toBe(200);
    expect(await c.flushEmails(group.recipientEmail)).toHaveLength(1);
    const [sent] = await c.db.select().from(groupGifts).where(eq(groupGifts.id, paid[0]!.share.groupGiftId!));
    const follower = paid.find((p) => p.share.id !== sent!.leadGiftId)!;
    const refused = await resend(follower.share.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'GIFT_STATE_CONFLICT' });
    // (flushEmails answers every e-mail the address has had: still the send's one.)
    expect(await c.flushEmails(group.recipientEmail)).toHaveLength(1);
    expect((await resend(sent!.leadGiftId!)).statusCode).toBe(200);
    const mails = await c.flushEmails(group.recipientEmail);
    expect(mails.map((m) => m.subject)).toEqual(['Your friends sent you $70.00', 'Your friends sent you $70.00']);
  });
});
