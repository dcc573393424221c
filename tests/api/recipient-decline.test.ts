// Issue 25 point 3, decision 025: after the security answer, the recipient may decline the gift until the payout
// transfer is made. The gift amount goes back to the sender as a cancellation's does (one refund, fee and tip
// kept), exactly once under parallel clicks and against a racing payout or expiry; the sender gets "Your gift was
// declined"; the claim link then says "You declined this gift". The sender's cancel still stops at a started claim.
import { and, eq } from 'drizzle-orm';
import { ledgerMovements, outbox } from '../../src/server/db/schema.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { cancelGift } from '../../src/server/services/manage/cancel-gift.js';
import { declinePath } from '../../src/shared/schemas/claim-contract.js';
import {
  claimableGift,
  claimSessionCookie,
  complete,
  expireBehindClaim,
  giftRow,
  setAccountStatus,
  startClaim,
} from '../helpers/claims.js';
import { claimedGift } from '../helpers/gifts.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { contribute, sendNow, startGroup } from '../helpers/together.js';
import { claimLinkIn } from '../helpers/gift-page.js';

const ROUNDS = 4;

const decline = (c: TestContext, token: string, cookie = claimSessionCookie(c, token)) =>
  c.app.inject({
    method: 'POST',
    url: declinePath(token),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: '{}',
  });

async function moneyOut(c: TestContext, giftId: number) {
  const rows = await c.db.select().from(ledgerMovements).where(eq(ledgerMovements.giftId, giftId));
  return rows.filter((m) => m.kind === 'refund' || m.kind === 'transfer');
}

const mailsOf = async (c: TestContext, giftId: number, kind: string) =>
  c.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.giftId, giftId), eq(outbox.kind, kind)));

describeEachEngine('recipient declines a gift', (ctx) => {
  it('refunds the gift amount once, tells the sender, and the link then says "You declined this gift"', async () => {
    const c = ctx();
    const { gift, claimToken } = await claimableGift(c, { amountCents: 4321, securityAnswer: 'Fluffy' });
    // Before the answer nothing opens the decline: no claim session.
    expect((await decline(c, claimToken)).statusCode).toBe(404);
    await startClaim(c, claimToken, 'Fluffy');

    const res = await decline(c, claimToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      declined: true,
      message: 'You declined this gift. The sender gets the money back and is told only that the gift was declined.',
    });
    const row = await giftRow(c, gift.id);
    expect(row).toMatchObject({ state: 'refunded', status: 'refunded', cancelledAt: null });
    expect(row.declinedAt).not.toBeNull();
    expect(row.transferStartedAt).toBeNull();
    const out = await moneyOut(c, gift.id);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'refund', amountCents: 4321, state: 'succeeded' });

    const [notice] = await mailsOf(c, gift.id, 'refund');
    expect(notice!.subject).toBe('Your gift was declined: $43.21 returned');
    expect(notice!.textBody).toContain('declined it');
    expect(notice!.textBody).toContain('We have refunded the gift amount of $43.21');

    const lookup = await c.app.inject({ method: 'GET', url: `/api/gifts/claim/${claimToken}` });
    expect(lookup.statusCode).toBe(410);
    expect(lookup.json()).toEqual({ code: 'GIFT_DECLINED', message: 'You declined this gift.' });
    // Clicking again changes nothing and says the same.
    expect((await decline(c, claimToken)).statusCode).toBe(200);
    expect(await moneyOut(c, gift.id)).toHaveLength(1);
    expect(await mailsOf(c, gift.id, 'refund')).toHaveLength(1);
  });

  it('the claim page form is answered with a redirect back to the claim page', async () => {
    const c = ctx();
    const { gift, claimToken } = await claimableGift(c);
    await startClaim(c, claimToken);
    const res = await c.app.inject({
      method: 'POST',
      url: declinePath(claimToken),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        cookie: claimSessionCookie(c, claimToken)!,
      },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/claim/${claimToken}`);
    expect((await giftRow(c, gift.id)).declinedAt).not.toBeNull();
  });

  it('makes one refund when the recipient clicks 8 times at once', async () => {
    const c = ctx();
    const { gift, claimToken } = await claimableGift(c, { amountCents: 2500 });
    await startClaim(c, claimToken);
    const answers = await Promise.all(Array.from({ length: 8 }, () => decline(c, claimToken)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const out = await moneyOut(c, gift.id);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'refund', amountCents: 2500 });
    expect(await mailsOf(c, gift.id, 'refund')).toHaveLength(1);
  });

  it(`moves money once when a decline races the payout (${ROUNDS} rounds): claimed XOR declined`, async () => {
    const c = ctx();
    const seen = { claimed: 0, declined: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { gift, claimToken } = await claimableGift(c, { amountCents: 3000 });
      const account = await startClaim(c, claimToken);
      await setAccountStatus(c, account, 'verified');
      const [declined, completed] = await Promise.all([decline(c, claimToken), complete(c, claimToken)]);
      const row = await giftRow(c, gift.id);
      const out = await moneyOut(c, gift.id);
      expect(out).toHaveLength(1);
      if (row.state === 'claimed') {
        seen.claimed++;
        expect(out[0]!.kind).toBe('transfer');
        expect(declined.statusCode).toBe(409);
        expect(declined.json().message).toBe(
          'This gift is already being paid out to you, so it can no longer be declined.',
        );
        expect(row.declinedAt).toBeNull();
      } else {
        seen.declined++;
        expect(row.state).toBe('refunded');
        expect(out[0]!.kind).toBe('refund');
        expect(declined.statusCode).toBe(200);
        expect(completed.json().success).not.toBe(true);
      }
    }
    expect(seen.claimed + seen.declined).toBe(ROUNDS);
  });

  it('moves money once when a decline races the expiry job', async () => {
    const c = ctx();
    const given = await claimableGift(c, { amountCents: 1800 });
    await startClaim(c, given.claimToken);
    await expireBehindClaim(c, given);
    const [declined] = await Promise.all([decline(c, given.claimToken), processExpired(c.deps)]);
    const row = await giftRow(c, given.gift.id);
    expect(row.state).toBe('refunded');
    const out = await moneyOut(c, given.gift.id);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'refund', amountCents: 1800 });
    expect(await mailsOf(c, given.gift.id, 'refund')).toHaveLength(1);
    if (row.declinedAt) expect(declined.statusCode).toBe(200);
    else {
      expect(declined.statusCode).toBe(409);
      expect(declined.json().message).toBe('This gift can no longer be declined: it has expired or was cancelled.');
    }
  });

  it('a claimed gift can no longer be declined; a started claim still stops the sender’s cancel', async () => {
    const c = ctx();
    const claimed = await claimedGift(c);
    const late = await decline(c, claimed.claimToken);
    expect([404, 409]).toContain(late.statusCode);
    expect(await moneyOut(c, claimed.gift.id)).toEqual([expect.objectContaining({ kind: 'transfer' })]);

    const { gift, claimToken } = await claimableGift(c);
    await startClaim(c, claimToken);
    await expect(cancelGift(c.deps, gift.id)).rejects.toMatchObject({ statusCode: 409 });
    expect((await decline(c, claimToken)).statusCode).toBe(200);
  });

  it('declining a group gift sends every share back to its own payer, once', async () => {
    const c = ctx();
    const group = await startGroup(c);
    const payers = [
      { name: 'Wanda Pike', email: 'wanda.pike@payer.example' },
      { name: 'Victor Lane', email: 'victor.lane@payer.example' },
    ];
    const shares = await Promise.all([3_000, 2_000].map((a, i) => contribute(c, group.shareToken, a, payers[i]!)));
    expect((await sendNow(c, group.organiserToken)).statusCode).toBe(200);
    const [mail] = await c.flushEmails(group.recipientEmail);
    const token = claimLinkIn(mail!.textBody)!;
    await startClaim(c, token, 'Rex');

    const clicks = await Promise.all([decline(c, token), decline(c, token)]);
    for (const res of clicks) expect(res.json()).toMatchObject({ declined: true });
    for (const { share } of shares) {
      const row = await giftRow(c, share.id);
      expect(row.declinedAt, `share #${share.id}`).not.toBeNull();
      const out = await moneyOut(c, share.id);
      expect(out.map((m) => [m.kind, m.amountCents])).toEqual([['refund', share.amountCents]]);
      const notices = await mailsOf(c, share.id, 'refund');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.subject).toContain('declined');
    }
  });
});
