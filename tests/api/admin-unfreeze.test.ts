// "Unfreeze claim": a gift frozen after 15 wrong security answers is opened again only by a signed-in admin from our
// own origin; the freeze's attention item closes (another item stays), the security log says which admin did it, and the
// recipient then has one more run of 5 answers before the gift freezes again.
import { and, eq } from 'drizzle-orm';
import { admins, giftAttention, securityLog } from '../../src/server/db/schema.js';
import { FROZEN_MESSAGE, FROZEN_REASON } from '../../src/server/services/claims/claim.js';
import { ADMIN, adminCookie, setupAdmin } from '../helpers/admin.js';
import { claim, claimableGift, giftRow } from '../helpers/claims.js';
import { frozenGift, openGiftDispute } from '../helpers/gifts.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { openAttentionCodes } from '../helpers/gift-row.js';

describeEachEngine('admin: unfreeze a claim', (ctx) => {
  let cookie = '';
  /** Frozen by 15 wrong answers over a day (tests/helpers/gifts.ts); the admin signs in again afterwards. */
  const frozen = async (c: TestContext) => {
    const given = await frozenGift(c, { securityAnswer: 'Fluffy' });
    cookie = await adminCookie(c);
    return given;
  };
  const unfreeze = (id: number | string, headers: Record<string, string> = { cookie }) =>
    ctx().app.inject({ method: 'POST', url: `/api/admin/gifts/${id}/unfreeze-claim`, headers });

  beforeAll(async () => {
    await setupAdmin(ctx());
  });
  beforeEach(async () => {
    cookie = await adminCookie(ctx());
  });

  it('unfreezes a frozen gift, logs the admin, and gives the recipient one more run of answers', async () => {
    const { gift, claimToken } = await frozen(ctx());
    expect((await claim(ctx(), claimToken, { securityAnswer: 'Fluffy' })).json()).toEqual({
      code: 'CLAIM_LOCKED',
      message: FROZEN_MESSAGE,
    });

    const res = await unfreeze(gift.id, { cookie, origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Claim unfrozen' });
    expect(await giftRow(ctx(), gift.id)).toMatchObject({
      claimFrozenAt: null,
      claimLockedUntil: null,
      needsAttention: null,
      wrongAnswerCount: 0,
      wrongAnswersTotal: 10,
    });
    const [admin] = await ctx().db.select().from(admins).where(eq(admins.email, ADMIN.email));
    const entries = await ctx().db.select().from(securityLog).where(eq(securityLog.event, 'admin.unfreeze_claim'));
    expect(entries.at(-1)).toMatchObject({ actor: ADMIN.email, detail: { giftId: gift.id, adminId: admin!.id } });

    // The list no longer offers the button.
    const list = await ctx().app.inject({ method: 'GET', url: '/api/admin/gifts/recent', headers: { cookie } });
    expect(list.json().find((g: { id: number }) => g.id === gift.id)).toMatchObject({
      claimFrozen: false,
      needsAttention: null,
    });

    // Four wrong answers are refused as wrong; the fifth freezes the gift again (no lock in between).
    for (let i = 1; i <= 4; i++) {
      expect((await claim(ctx(), claimToken, { securityAnswer: `wrong ${i}` })).statusCode).toBe(400);
    }
    const fifth = await claim(ctx(), claimToken, { securityAnswer: 'wrong 5' });
    expect(fifth.json()).toEqual({ code: 'CLAIM_LOCKED', message: FROZEN_MESSAGE });
    expect((await giftRow(ctx(), gift.id)).needsAttention).toBe(FROZEN_REASON);

    expect((await unfreeze(gift.id)).statusCode).toBe(200);
    expect((await claim(ctx(), claimToken, { securityAnswer: 'fluffy' })).statusCode).toBe(200);
  });

  it('shows a frozen gift as frozen in the admin list', async () => {
    const { gift } = await frozen(ctx());
    const list = await ctx().app.inject({ method: 'GET', url: '/api/admin/gifts/recent', headers: { cookie } });
    expect(list.json().find((g: { id: number }) => g.id === gift.id)).toMatchObject({
      claimFrozen: true,
      needsAttention: FROZEN_REASON,
    });
  });

  it('keeps an attention item that is not the freeze (a card dispute opened since)', async () => {
    const { gift } = await frozen(ctx());
    // The cardholder disputes the payment while the gift is frozen: an item of its own beside the freeze's.
    await openGiftDispute(ctx(), gift);
    expect(await openAttentionCodes(ctx().db, gift.id)).toEqual(['claim_frozen', 'dispute_open']);
    expect((await unfreeze(gift.id)).statusCode).toBe(200);
    expect(await openAttentionCodes(ctx().db, gift.id)).toEqual(['dispute_open']);
    const row = await giftRow(ctx(), gift.id);
    expect(row.claimFrozenAt).toBeNull();
    expect(row.needsAttention).toMatch(/^Dispute \S+ opened: [^·]+$/);
    // The freeze's item is closed by the admin who unfroze it, and kept as the gift's history.
    const [closed] = await ctx()
      .db.select()
      .from(giftAttention)
      .where(and(eq(giftAttention.giftId, gift.id), eq(giftAttention.code, 'claim_frozen')));
    const [admin] = await ctx().db.select().from(admins).where(eq(admins.email, ADMIN.email));
    expect(closed).toMatchObject({ detail: FROZEN_REASON, resolvedBy: admin!.id, resolvedAt: ctx().clock.now() });
  });

  it('refuses without a session, from another site, for a gift not frozen and for an unknown gift', async () => {
    const { gift } = await frozen(ctx());
    const anonymous = await unfreeze(gift.id, {});
    expect(anonymous.statusCode).toBe(401);
    const forged = await unfreeze(gift.id, { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/Cross-site/);
    expect((await giftRow(ctx(), gift.id)).claimFrozenAt).not.toBeNull();

    const { gift: open } = await claimableGift(ctx(), { securityAnswer: 'Fluffy' });
    const notFrozen = await unfreeze(open.id);
    expect(notFrozen.statusCode).toBe(409);
    expect(notFrozen.json()).toEqual({ code: 'GIFT_STATE_CONFLICT', message: `Gift #${open.id} is not frozen.` });
    const unknown = await unfreeze(999_999);
    expect(unknown.statusCode).toBe(404);
    expect((await unfreeze('abc')).statusCode).toBe(400);
  });
});
