// Issue 25 point 6: "Report this gift" (harassment, scam, other; up to 500 characters) from the claim link puts the
// gift on the operator's attention list with the payer's identity; the recipient may still claim or decline; one
// open report per gift; "Mark resolved" takes it off. Nothing of it reaches the sender.
import { eq } from 'drizzle-orm';
import { giftPayers, giftReports, outbox } from '../../src/server/db/schema.js';
import { keyedDigest } from '../../src/server/crypto.js';
import { reportPath } from '../../src/shared/schemas/claim-contract.js';
import type { AttentionList } from '../../src/shared/schemas/admin-money.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import { claimableGift, giftRow, startClaim } from '../helpers/claims.js';
import { claimPaidGift } from '../helpers/gifts.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const report = (c: TestContext, token: string, payload: unknown) =>
  c.app.inject({ method: 'POST', url: reportPath(token), payload: payload as object });

describeEachEngine('recipient reports a gift', (ctx) => {
  let cookie: string;
  beforeAll(async () => {
    await setupAdmin(ctx());
  });
  beforeEach(async () => {
    cookie = await adminCookie(ctx());
  });
  const attention = async () =>
    (
      await ctx().app.inject({ method: 'GET', url: '/api/admin/attention', headers: { cookie } })
    ).json() as AttentionList;

  it('puts the gift on the attention list with the reason, the text and the payer, once, until resolved', async () => {
    const c = ctx();
    const given = await claimableGift(c, { securityAnswer: 'Fluffy' });
    const mailsBefore = (await c.db.select().from(outbox).where(eq(outbox.giftId, given.gift.id))).length;
    // From the link alone: a harassed recipient may not know the answer.
    const res = await report(c, given.claimToken, { reason: 'harassment', details: 'He keeps sending these.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reported: true,
      message: 'Thank you: your report reached our team. You can still claim or decline the gift.',
    });
    expect((await report(c, given.claimToken, { reason: 'scam' })).statusCode).toBe(200);
    const rows = await c.db.select().from(giftReports).where(eq(giftReports.giftId, given.gift.id));
    expect(rows).toHaveLength(1);
    const key = keyedDigest(c.deps.config.digestSecret!, 'payer-email', given.gift.senderEmail!.toLowerCase());
    expect(rows[0]).toMatchObject({ reason: 'harassment', details: 'He keeps sending these.' });
    // The risk layer's payer identity (decision 024): the e-mail's key first, then the client's recorded at payment.
    expect(rows[0]!.payerKeys[0]).toBe(key);
    const [recorded] = await c.db.select().from(giftPayers).where(eq(giftPayers.giftId, given.gift.id));
    expect(rows[0]!.payerKeys).toEqual([recorded!.emailKey, recorded!.cardKey, recorded!.clientKey].filter(Boolean));

    const item = (await attention()).items.find((i) => i.giftId === given.gift.id)!;
    expect(item.causes).toEqual(['reported']);
    expect(item.reason).toBe(
      `Reported by the recipient (harassment): "He keeps sending these.". Payer: ${given.gift.senderEmail} (payer keys ${rows[0]!.payerKeys.map((k) => k.slice(0, 12)).join(', ')})`,
    );
    expect(item.canResolve).toBe(true);
    // Nothing went to the sender.
    expect((await c.db.select().from(outbox).where(eq(outbox.giftId, given.gift.id))).length).toBe(mailsBefore);

    // The recipient may still claim it.
    await claimPaidGift(c, given, 'Fluffy');
    expect((await giftRow(c, given.gift.id)).status).toBe('claimed');

    const resolved = await c.app.inject({
      method: 'POST',
      url: `/api/admin/gifts/${given.gift.id}/resolve-attention`,
      headers: { cookie },
    });
    expect(resolved.statusCode).toBe(200);
    expect((await attention()).items.find((i) => i.giftId === given.gift.id)).toBeUndefined();
    // A new report after the resolution (a claimed gift's link still reports) opens a new item.
    expect((await report(c, given.claimToken, { reason: 'other' })).statusCode).toBe(200);
    expect((await attention()).items.find((i) => i.giftId === given.gift.id)?.reason).toMatch(
      /^Reported by the recipient \(other\)\. Payer: /,
    );
  });

  it('refuses a bad reason, over-long text, an unknown link; a form post is redirected to the claim page', async () => {
    const c = ctx();
    const { claimToken } = await claimableGift(c);
    await startClaim(c, claimToken);
    expect((await report(c, claimToken, { reason: 'spite' })).statusCode).toBe(400);
    expect((await report(c, claimToken, { reason: 'scam', details: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await report(c, 'x'.repeat(43), { reason: 'scam' })).statusCode).toBe(404);
    const form = await c.app.inject({
      method: 'POST',
      url: reportPath(claimToken),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: new URLSearchParams({ reason: 'scam', details: 'Looks fake' }).toString(),
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/claim/${claimToken}?reported=1`);
  });
});
