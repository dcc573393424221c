// The admin's Review queue (decision 024): held gifts with their reasons and payer history; Approve lets the
// transfer go, Reject refunds the whole charge and tells the recipient only that the gift could not be
// completed. Each decision happens exactly once when clicks race, on both engines, logged with the admin's id.
import { and, eq } from 'drizzle-orm';
import { admins, ledgerMovements, securityLog } from '../../src/server/db/schema.js';
import { REJECTED_GIFT_TEXT } from '../../src/shared/risk.js';
import { ADMIN, adminCookie, setupAdmin } from '../helpers/admin.js';
import { complete, giftStatus } from '../helpers/claims.js';
import { disputedGift, giftRowById, givenGift } from '../helpers/gifts.js';
import { claimUpToPayout, heldGift, reviewOf } from '../helpers/risk.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const RACERS = 8;

describeEachEngine('risk: the Review queue', (ctx) => {
  let cookie = '';
  beforeAll(async () => {
    await setupAdmin(ctx());
  });
  beforeEach(async () => {
    cookie = await adminCookie(ctx());
  });
  const post = (c: TestContext, giftId: number, decision: 'approve' | 'reject') =>
    c.app.inject({
      method: 'POST',
      url: `/api/admin/risk/reviews/${giftId}/${decision}`,
      headers: { cookie, origin: 'http://localhost:3000' },
    });
  const adminId = async () =>
    (await ctx().db.select({ id: admins.id }).from(admins).where(eq(admins.email, ADMIN.email)))[0]!.id;
  const logged = async (event: string, giftId: number) =>
    (await ctx().db.select().from(securityLog).where(eq(securityLog.event, event))).filter(
      (row) => (row.detail as { giftId?: number }).giftId === giftId,
    );

  it('lists a held gift with its reasons and payer history to an admin only; an unheld gift is not there', async () => {
    const held = await heldGift(ctx());
    const plain = await givenGift(ctx());
    expect((await ctx().app.inject({ method: 'GET', url: '/api/admin/risk/reviews' })).statusCode).toBe(401);
    const res = await ctx().app.inject({ method: 'GET', url: '/api/admin/risk/reviews', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: Array<{ giftId: number }> }).items;
    expect(items.map((i) => i.giftId)).toContain(held.gift.id);
    expect(items.map((i) => i.giftId)).not.toContain(plain.gift.id);
    expect(items.find((i) => i.giftId === held.gift.id)).toMatchObject({
      amount: '50.00',
      claimed: false,
      reasons: [{ code: 'self_gift_email', label: "The recipient's e-mail is the payer's" }],
      history: { gifts: expect.any(Number), disputes: 0 },
    });
    expect(res.json().figures).toMatchObject({ heldNow: expect.any(Number), disputeRateWarning: false });
    expect(res.json().figures.heldNow).toBeGreaterThanOrEqual(1);
    const rules = await ctx().app.inject({ method: 'GET', url: '/api/admin/risk/rules', headers: { cookie } });
    expect(rules.json().rules).toContainEqual(expect.objectContaining({ setting: 'RISK_VELOCITY_GIFTS' }));
  });

  it(`approves once when ${RACERS} clicks race, then pays the waiting recipient out`, async () => {
    const given = await heldGift(ctx());
    await claimUpToPayout(ctx(), given);
    const answers = await Promise.all(Array.from({ length: RACERS }, () => post(ctx(), given.gift.id, 'approve')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(RACERS).fill(200));
    expect(answers.filter((a) => a.json().decided === true)).toHaveLength(1);
    expect(await reviewOf(ctx(), given.gift.id)).toMatchObject({ decision: 'approved', operatorId: await adminId() });
    expect(await logged('admin.risk_approve', given.gift.id)).toHaveLength(1);
    expect((await complete(ctx(), given.claimToken)).json()).toMatchObject({ success: true });
    expect((await giftRowById(ctx(), given.gift.id)).state).toBe('claimed');
    // The other decision after this one is refused and changes nothing.
    const figures = await ctx().app.inject({ method: 'GET', url: '/api/admin/risk/reviews', headers: { cookie } });
    expect(figures.json().figures.approved30d).toBeGreaterThanOrEqual(1);
    const late = await post(ctx(), given.gift.id, 'reject');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('REVIEW_DECIDED');
  });

  it(`rejects once when ${RACERS} clicks race: the whole charge is refunded, the recipient told nothing more`, async () => {
    const given = await heldGift(ctx());
    await claimUpToPayout(ctx(), given);
    const answers = await Promise.all(Array.from({ length: RACERS }, () => post(ctx(), given.gift.id, 'reject')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(RACERS).fill(200));
    expect(answers.filter((a) => a.json().decided === true)).toHaveLength(1);
    expect(await reviewOf(ctx(), given.gift.id)).toMatchObject({ decision: 'rejected', operatorId: await adminId() });
    expect(await logged('admin.risk_reject', given.gift.id)).toHaveLength(1);

    const row = await giftRowById(ctx(), given.gift.id);
    expect(row).toMatchObject({ state: 'refunded', transferStartedAt: null });
    const refunds = await ctx()
      .db.select()
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.giftId, row.id), eq(ledgerMovements.kind, 'refund')));
    expect(refunds).toEqual([expect.objectContaining({ amountCents: row.totalCents, state: 'succeeded' })]);

    expect((await giftStatus(ctx(), row.publicId)).json()).toMatchObject({ status: 'not_completed' });
    const toRecipient = await ctx().flushEmails(row.recipientEmail!);
    const notice = toRecipient.at(-1)!;
    expect(notice.textBody).toContain(REJECTED_GIFT_TEXT);
    expect(notice.textBody).not.toMatch(/Sam|Self|review|risk|fraud|refund/i);
    const toSender = await ctx().flushEmails(row.senderEmail!);
    expect(toSender.at(-1)!.textBody).toContain('whole payment of $53.80');
  });

  it('warns when disputes pass 0.5% of the gifts paid in 90 days', async () => {
    await disputedGift(ctx());
    const res = await ctx().app.inject({ method: 'GET', url: '/api/admin/risk/reviews', headers: { cookie } });
    const { figures } = res.json() as { figures: { disputeRatePercent: string; disputeRateWarning: boolean } };
    expect(Number(figures.disputeRatePercent)).toBeGreaterThan(0.5);
    expect(figures.disputeRateWarning).toBe(true);
  });

  it('refuses to decide a gift that is not held, and a bad id, in JSON', async () => {
    const plain = await givenGift(ctx());
    const res = await post(ctx(), plain.gift.id, 'approve');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('GIFT_NOT_FOUND');
    expect((await post(ctx(), 'x' as unknown as number, 'reject')).statusCode).toBe(400);
  });
});
