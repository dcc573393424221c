// Give together (decision 026), the money: a withdrawal racing the send lands wholly before or wholly after it
// (never refunded AND counted); expiry refunds every share to its own payer exactly once, even with two runs at once;
// a card dispute on one share after the payout touches that share alone. The ledger is checked when the database
// closes, per share; the group's sum is checked here against its shares.
import { and, eq, inArray } from 'drizzle-orm';
import { gifts, ledgerMovements, sandboxTransfers } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { closeDispute } from '../../src/server/payments/sandbox/console-actions.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { claimLinkIn, manage } from '../helpers/gift-page.js';
import { complete, setAccountStatus, startClaim } from '../helpers/claims.js';
import { openGiftDispute } from '../helpers/gifts.js';
import { contribute, organiserPage, sendNow, sharesOf, startGroup, type StartedGroup } from '../helpers/together.js';

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
    const [row] = await c.db.select().from(gifts).where(eq(gifts.id, first!.id));
    expect(row!.transferId).toBe(transfers.find((t) => t.amountCents === 1_200)!.id);
  });
});
