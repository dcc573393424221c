// Give together (decision 026), the money: a withdrawal racing the send lands wholly before or wholly after it
// (never refunded AND counted); expiry refunds every share to its own payer exactly once, even with two runs at once;
// a card dispute on one share after the payout touches that share alone; a share disputed when the lead paid out
// follows the lead's payout once its dispute is won (one transfer), and is closed as disputed if it is lost; while it
// waits it is on the attention list with its group. The ledger is checked when the database
// closes, per share; the group's sum is checked here against its shares.
import { and, eq, inArray } from 'drizzle-orm';
import { gifts, groupGifts, ledgerMovements, sandboxTransfers } from '../../src/server/db/schema.js';
import type { AttentionList } from '../../src/shared/schemas/admin-money.js';
import { DAY } from '../../src/server/clock.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { closeDispute } from '../../src/server/payments/sandbox/console-actions.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { followLeadAfterDispute } from '../../src/server/services/together/shares.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import { claimLinkIn, manage } from '../helpers/gift-page.js';
import { complete, setAccountStatus, startClaim } from '../helpers/claims.js';
import { openGiftDispute } from '../helpers/gifts.js';
import { contribute, organiserPage, sendNow, sharesOf, startGroup, type StartedGroup } from '../helpers/together.js';
import { giftRowColumns } from '../helpers/gift-row.js';

const payer = (n: number) => ({ name: 'Quentin Payer', email: `quentin${n}.payer@example.com` });

/** A group with shares of `amounts`, each paid by its own payer. */
async function groupWith(c: TestContext, amounts: number[], first = 0) {
  const group = await startGroup(c, { securityQuestion: null, securityAnswer: null });
  const shares = [];
  for (const [i, amount] of amounts.entries())
    shares.push(await contribute(c, group.shareToken, amount, payer(first + i)));
  return { group, shares };
}

async function claimGroup(c: TestContext, group: StartedGroup): Promise<string> {
  const mail = (await c.flushEmails(group.recipientEmail)).at(-1)!;
  const token = claimLinkIn(mail.textBody)!;
  const account = await startClaim(c, token);
  await setAccountStatus(c, account, 'verified');
  expect((await complete(c, token)).json().success).toBe(true);
  return account;
}

const refundsOf = (c: TestContext, ids: number[]) =>
  c.db
    .select()
    .from(ledgerMovements)
    .where(and(inArray(ledgerMovements.giftId, ids), eq(ledgerMovements.kind, 'refund')));

describeEachEngine('give together: money', (ctx) => {
  it('a withdrawal racing the send is either refunded and left out, or refused and sent, never both', async () => {
    const c = ctx();
    for (let round = 0; round < 6; round++) {
      const { group, shares } = await groupWith(c, [1_500, 2_500], round * 2);
      const [withdrawal, send] = await Promise.all([
        manage(c, shares[1]!.manageToken, 'cancel'),
        sendNow(c, group.organiserToken),
      ]);
      expect(send.statusCode).toBe(200);
      const [kept, raced] = await sharesOf(
        c,
        shares.map((s) => s.share.id),
      );
      const total = (await organiserPage(c, group.organiserToken)).json().total;
      if (withdrawal.statusCode === 200) {
        expect(raced!.cancelledAt).not.toBeNull();
        expect(total).toBe('15.00');
      } else {
        expect(withdrawal.statusCode).toBe(409);
        expect(raced!.cancelledAt).toBeNull();
        expect(raced!.status).toBe('paid');
        expect(total).toBe('40.00');
      }
      expect(kept!.status).toBe('paid');
      // One claim e-mail with the sum that was sent.
      const mail = await c.flushEmails(group.recipientEmail);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe(`Your friends sent you $${total}`);
      expect(await refundsOf(c, [raced!.id])).toHaveLength(withdrawal.statusCode === 200 ? 1 : 0);
    }
  });

  it('expiry refunds every share to its own payer exactly once', async () => {
    const c = ctx();
    const { group, shares } = await groupWith(c, [1_000, 2_000, 3_000], 20);
    expect((await sendNow(c, group.organiserToken)).statusCode).toBe(200);
    await c.flushEmails();
    c.clock.advance(31 * DAY);
    await Promise.all([processExpired(c.deps), processExpired(c.deps)]);
    await processExpired(c.deps);
    const ids = shares.map((s) => s.share.id);
    const refunds = await refundsOf(c, ids);
    expect(refunds.map((r) => [r.giftId, r.amountCents, r.state]).sort()).toEqual(
      [
        [ids[0], 1_000, 'succeeded'],
        [ids[1], 2_000, 'succeeded'],
        [ids[2], 3_000, 'succeeded'],
      ].sort(),
    );
    for (const row of await sharesOf(c, ids)) expect(row.status).toBe('refunded');
    // Each payer hears of their own share only.
    for (const [i, amount] of ['$10.00', '$20.00', '$30.00'].entries()) {
      const mail = (await c.flushEmails(payer(20 + i).email)).filter((m) => /refund/i.test(m.subject));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.textBody).toContain(amount);
      for (const other of ['$10.00', '$20.00', '$30.00'].filter((a) => a !== amount))
        expect(mail[0]!.textBody).not.toContain(other);
    }
  });

  it('a dispute on one share after the payout touches that share alone', async () => {
    const c = ctx();
    const { group, shares } = await groupWith(c, [1_200, 3_400], 40);
    expect((await sendNow(c, group.organiserToken)).statusCode).toBe(200);
    const account = await claimGroup(c, group);
    const ids = shares.map((s) => s.share.id);
    const transfers = await c.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.accountId, account));
    expect(transfers.map((t) => t.amountCents).sort()).toEqual([1_200, 3_400]);

    const [, disputed] = await sharesOf(c, ids);
    const dispute = await openGiftDispute(c, disputed!);
    await closeDispute(c.sandbox, dispute, 'lost');
    const [first, second] = await sharesOf(c, ids);
    expect(first).toMatchObject({ status: 'claimed', needsAttention: null });
    expect(second!.status).toBe('disputed');
    const movements = await c.db.select().from(ledgerMovements).where(inArray(ledgerMovements.giftId, ids));
    expect(movements.filter((m) => m.giftId === first!.id && m.kind.startsWith('dispute'))).toEqual([]);
    expect(movements.filter((m) => m.giftId === second!.id && m.kind === 'dispute_debit').length).toBeGreaterThan(0);
    const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, first!.id));
    expect(row!.transferId).toBe(transfers.find((t) => t.amountCents === 1_200)!.id);
  });

  /** A group of two shares sent and claimed while the second share's dispute is open: it stays behind. */
  async function claimedWithOneDisputed(c: TestContext, first: number) {
    const { group, shares } = await groupWith(c, [1_500, 2_700], first);
    expect((await sendNow(c, group.organiserToken)).statusCode).toBe(200);
    const ids = shares.map((s) => s.share.id);
    const dispute = await openGiftDispute(c, (await sharesOf(c, ids))[1]!);
    const account = await claimGroup(c, group);
    const [lead, behind] = await sharesOf(c, ids);
    expect(lead!.status).toBe('claimed');
    expect(behind).toMatchObject({ state: 'paid', transferStartedAt: null });
    return { ids, dispute, account };
  }
  const transfersTo = (c: TestContext, account: string) =>
    c.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.accountId, account));

  it('a share disputed when the lead paid out follows the payout once the dispute is won, exactly once', async () => {
    const c = ctx();
    const { ids, dispute, account } = await claimedWithOneDisputed(c, 60);
    expect((await transfersTo(c, account)).map((t) => t.amountCents)).toEqual([1_500]);
    // Meanwhile the share is on the attention list with its group, whose id finds the group's other share.
    await setupAdmin(c);
    const headers = { cookie: await adminCookie(c) };
    const [group] = await c.db.select().from(groupGifts).where(eq(groupGifts.leadGiftId, ids[0]!));
    const attention = await c.app.inject({ method: 'GET', url: '/api/admin/attention', headers });
    const item = (attention.json() as AttentionList).items.find((i) => i.giftId === ids[1]);
    expect(item).toMatchObject({ causes: ['flagged'], group: { id: group!.publicId, lead: false } });
    const search = await c.app.inject({ method: 'GET', url: `/api/admin/gifts/search?q=${group!.publicId}`, headers });
    expect((search.json() as Array<{ id: number }>).map((g) => g.id).sort()).toEqual([...ids].sort());

    await closeDispute(c.sandbox, dispute, 'won');
    const [, moved] = await sharesOf(c, ids);
    expect(moved).toMatchObject({ state: 'transferring', recipientAccountId: account });
    await Promise.all([runReconciler(c.deps), runReconciler(c.deps)]);
    await runReconciler(c.deps);
    // Asked again (a replayed close), nothing more moves.
    expect(await c.db.transaction((tx) => followLeadAfterDispute(tx, c.deps, moved!, c.clock.now()))).toEqual([]);
    const transfers = await transfersTo(c, account);
    expect(transfers.map((t) => t.amountCents).sort()).toEqual([1_500, 2_700]);
    const [, paid] = await sharesOf(c, ids);
    expect(paid).toMatchObject({ status: 'claimed', needsAttention: null });
    expect(paid!.transferId).toBe(transfers.find((t) => t.amountCents === 2_700)!.id);
    const movements = await c.db.select().from(ledgerMovements).where(eq(ledgerMovements.giftId, paid!.id));
    expect(movements.filter((m) => m.kind === 'transfer').map((m) => m.state)).toEqual(['succeeded']);
    expect(movements.filter((m) => m.kind === 'refund')).toEqual([]);
    // Its claim window passing changes nothing: it was paid out, not refunded.
    c.clock.advance(31 * DAY);
    await processExpired(c.deps);
    expect((await sharesOf(c, [paid!.id]))[0]!.status).toBe('claimed');
    expect(await refundsOf(c, ids)).toEqual([]);
  });

  it('a share disputed when the lead paid out is closed as disputed if the dispute is lost, never paid out', async () => {
    const c = ctx();
    const { ids, dispute, account } = await claimedWithOneDisputed(c, 70);
    await closeDispute(c.sandbox, dispute, 'lost');
    await runReconciler(c.deps);
    const [, lost] = await sharesOf(c, ids);
    expect(lost).toMatchObject({ status: 'disputed', transferStartedAt: null });
    expect((await transfersTo(c, account)).map((t) => t.amountCents)).toEqual([1_500]);
  });
});
