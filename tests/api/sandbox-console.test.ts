// The sandbox console (/sandbox/console, issue 13 point 5): the operator plays the provider's side with plain
// forms. Each action changes the sandbox's records and sends the app the event the real provider would, through
// the one event handler; the ledger's invariants hold after each. Served only with the sandbox outside production.
import { eq } from 'drizzle-orm';
import {
  recipientAccounts,
  sandboxAccounts,
  sandboxRefunds,
  sandboxTransfers,
  webhookEvents,
} from '../../src/server/db/schema.js';
import { MINUTE } from '../../src/server/clock.js';
import { createPaymentProvider } from '../../src/server/payments/index.js';
import { MOVEMENT_REFUSED } from '../../src/server/payments/sandbox/faults.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { complete, giftRow, setAccountStatus, startClaim } from '../helpers/claims.js';
import { checkLedger, movementsOf, paySandboxGift } from '../helpers/money.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

type Gift = Awaited<ReturnType<typeof paySandboxGift>>['gift'];

/** Posts a console form as the page's own form would (same origin). */
const post = (ctx: TestContext, action: string, fields: Record<string, string>, origin = 'http://localhost:3000') =>
  ctx.app.inject({
    method: 'POST',
    url: `/sandbox/console/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    payload: new URLSearchParams(fields).toString(),
  });
const page = (ctx: TestContext) => ctx.app.inject({ method: 'GET', url: '/sandbox/console' });
/** The console's table row of a gift's payment (or transfer). */
const rowOf = (html: string, gift: Gift) => {
  const start = html.indexOf(`<tr data-gift="${gift.publicId}">`);
  return start < 0 ? '' : html.slice(start, html.indexOf('</tr>', start));
};

describeEachEngine('sandbox console', (ctx) => {
  const mine = async (gift: Gift) => (await checkLedger(ctx())).violations.filter((v) => v.includes(gift.publicId));
  const done = async (action: string, fields: Record<string, string>) => {
    const res = await post(ctx(), action, fields);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/sandbox/console?done=${action}`);
  };
  const paidOut = async (amountCents: number) => {
    const paid = await paySandboxGift(ctx(), { amountCents });
    const account = await startClaim(ctx(), paid.claimToken, 'Rex');
    await setAccountStatus(ctx(), account, 'verified');
    expect((await complete(ctx(), paid.claimToken)).json().success).toBe(true);
    return { ...paid, account };
  };

  it('lists payments, transfers and accounts, each with the amount of its gift, in accessible tables', async () => {
    const { gift, account } = await paidOut(4321);
    const res = await page(ctx());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    for (const caption of ['Payments', 'Transfers', 'Payout accounts'])
      expect(html).toContain(`<caption>${caption}</caption>`);
    expect(html).toContain('<th scope="col">Gift amount</th>');
    expect(rowOf(html, gift)).toContain('$43.21');
    expect(html).toContain('<label for="minutes">N (minutes)</label>');
    expect(html).not.toMatch(/<script/);
    // Each account row shows the amounts of the gifts paid to it.
    expect(html).toMatch(new RegExp(`${account}</th>.*?\\$43\\.21`, 's'));
  });

  it('"Refund": a dashboard refund of what is left, told to the app as an outside refund', async () => {
    const { gift } = await paySandboxGift(ctx(), { amountCents: 2500 });
    expect(rowOf((await page(ctx())).body, gift)).toContain('>Refund</button>');
    await done('refund', { payment: gift.paymentIntentId! });
    const [refund] = await ctx()
      .db.select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!));
    expect(refund!.amountCents).toBe(gift.totalCents);
    expect(await giftRow(ctx(), gift.id)).toMatchObject({ status: 'refunded' });
    expect(
      (await movementsOf(ctx(), gift.id)).filter((m) => m.kind === 'refund' && m.origin === 'provider'),
    ).toHaveLength(gift.tipCents > 0 ? 3 : 2);
    const [event] = await ctx().db.select().from(webhookEvents).where(eq(webhookEvents.objectId, refund!.id));
    expect(event).toMatchObject({ type: 'payment_refunded', giftId: gift.id });
    expect(await mine(gift)).toEqual([]);
    // Nothing left: refused with why, and no button any more.
    const again = await post(ctx(), 'refund', { payment: gift.paymentIntentId! });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Nothing is left of this payment: it was refunded in full.');
    expect(rowOf(again.body, gift)).not.toContain('>Refund</button>');
    expect((await ctx().app.inject({ method: 'GET', url: '/sandbox/console?done=refund' })).body).toContain(
      'Refunded. Hushgift was told',
    );
  });

  it('"Open dispute", then "Close dispute (won)": the gift is frozen, then goes on', async () => {
    const { gift } = await paySandboxGift(ctx(), { amountCents: 3000 });
    await done('open-dispute', { payment: gift.paymentIntentId! });
    expect((await giftRow(ctx(), gift.id)).disputeOpenedAt).not.toBeNull();
    const row = rowOf((await page(ctx())).body, gift);
    expect(row).toContain('>Close dispute (won)</button>');
    expect(row).toContain('>Close dispute (lost)</button>');
    expect(row).not.toContain('>Refund</button>');
    // The sandbox refuses refunds of a disputed payment, as the provider does.
    expect((await post(ctx(), 'refund', { payment: gift.paymentIntentId! })).statusCode).toBe(409);
    const dispute = /name="dispute" value="([^"]+)"/.exec(row)![1]!;
    await done('close-dispute', { dispute, outcome: 'won' });
    expect(await giftRow(ctx(), gift.id)).toMatchObject({
      status: 'paid',
      disputeOpenedAt: null,
      needsAttention: null,
    });
    expect((await movementsOf(ctx(), gift.id)).map((m) => m.kind)).toContain('dispute_credit');
    expect((await post(ctx(), 'close-dispute', { dispute, outcome: 'lost' })).statusCode).toBe(409);
    expect(await mine(gift)).toEqual([]);
  });

  it('"Close dispute (lost)": the gift is closed as disputed', async () => {
    const { gift } = await paySandboxGift(ctx(), { amountCents: 3100 });
    await done('open-dispute', { payment: gift.paymentIntentId! });
    const dispute = /name="dispute" value="([^"]+)"/.exec(rowOf((await page(ctx())).body, gift))![1]!;
    await done('close-dispute', { dispute, outcome: 'lost' });
    expect(await giftRow(ctx(), gift.id)).toMatchObject({ status: 'disputed' });
    expect(await mine(gift)).toEqual([]);
  });

  it('"Reverse transfer": the payout comes back, the gift is flagged', async () => {
    const { gift } = await paidOut(2700);
    const [transfer] = await ctx()
      .db.select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.transferGroup, gift.publicId));
    await done('reverse-transfer', { transfer: transfer!.id });
    expect((await movementsOf(ctx(), gift.id)).filter((m) => m.kind === 'reversal').map((m) => m.amountCents)).toEqual([
      2700,
    ]);
    expect((await giftRow(ctx(), gift.id)).needsAttention).toMatch(/was reversed/);
    expect((await post(ctx(), 'reverse-transfer', { transfer: transfer!.id })).statusCode).toBe(409);
    expect(await mine(gift)).toEqual([]);
  });

  it('"Disconnect account": the app forgets the account, and the claim onboards again', async () => {
    const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 1900 });
    const account = await startClaim(ctx(), claimToken, 'Rex');
    await done('disconnect-account', { account });
    expect(await ctx().db.$count(recipientAccounts, eq(recipientAccounts.providerAccountId, account))).toBe(0);
    expect(await giftRow(ctx(), gift.id)).toMatchObject({ recipientAccountId: null, claimStartedAt: null });
    const again = await startClaim(ctx(), claimToken, 'Rex');
    expect((await ctx().db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, again)))[0]!.status).toBe('new');
  });

  it('"Fail for N minutes": money calls fail with retryable errors until it ends, then the payout goes out once', async () => {
    const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 2200 });
    await setAccountStatus(ctx(), await startClaim(ctx(), claimToken, 'Rex'), 'verified');
    await done('fail-for', { minutes: '30' });
    expect((await page(ctx())).body).toMatch(/Money calls fail with a retryable error until/);
    expect((await complete(ctx(), claimToken)).json().message).toMatch(/retry automatically/);
    const transfer = async () => (await movementsOf(ctx(), gift.id)).find((m) => m.kind === 'transfer')!;
    expect(await transfer()).toMatchObject({ state: 'unknown' });
    expect((await transfer()).lastError).toMatch(/^503 Service Unavailable \(sandbox outage until/);
    ctx().clock.advance(20 * MINUTE);
    await runReconciler(ctx().deps);
    expect((await transfer()).state).toBe('unknown');
    ctx().clock.advance(15 * MINUTE);
    await runReconciler(ctx().deps);
    expect((await transfer()).state).toBe('succeeded');
    expect(await giftRow(ctx(), gift.id)).toMatchObject({ status: 'claimed' });
    expect(await ctx().db.$count(sandboxTransfers, eq(sandboxTransfers.transferGroup, gift.publicId))).toBe(1);
    // 0 minutes ends an outage at once; N out of range is refused with why.
    await done('fail-for', { minutes: '10' });
    await done('fail-for', { minutes: '0' });
    expect((await page(ctx())).body).toContain('The provider answers normally.');
    const bad = await post(ctx(), 'fail-for', { minutes: '99999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('N must be at most 1440 minutes');
  });

  it('"Fail next movement": the gift\'s next transfer is refused for good, once', async () => {
    const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 2100 });
    await setAccountStatus(ctx(), await startClaim(ctx(), claimToken, 'Rex'), 'verified');
    await done('fail-next', { gift: gift.publicId });
    expect(rowOf((await page(ctx())).body, gift)).toContain('Its next movement fails');
    expect((await complete(ctx(), claimToken)).json().success).toBe(false);
    const transfer = (await movementsOf(ctx(), gift.id)).find((m) => m.kind === 'transfer')!;
    expect(transfer).toMatchObject({ state: 'failed', lastError: MOVEMENT_REFUSED });
    expect((await giftRow(ctx(), gift.id)).needsAttention).toBe(
      `Transfer to the recipient failed: ${MOVEMENT_REFUSED}`,
    );
    expect(rowOf((await page(ctx())).body, gift)).toContain('>Fail next movement</button>');
    expect(await mine(gift)).toEqual([]);
  });

  it('the sandbox refuses a refund beyond what is left of the payment, as the provider does', async () => {
    const { gift } = await paySandboxGift(ctx(), { amountCents: 1500 });
    const refund = (key: string, amountCents: number) =>
      ctx().deps.payments.createRefund({
        paymentIntentId: gift.paymentIntentId!,
        amountCents,
        idempotencyKey: key,
        metadata: {},
      });
    await refund('k1', 1000);
    await expect(refund('k2', gift.totalCents - 999)).rejects.toMatchObject({
      retryable: false,
      message: `Refund amount (${gift.totalCents - 999} cents) is greater than the unrefunded amount of the payment (${gift.totalCents - 1000} cents)`,
    });
    // The same key again answers the refund made the first time.
    expect((await refund('k1', 1000)).amountCents).toBe(1000);
  });

  it('refuses a malformed form and a cross-site post', async () => {
    const bad = await post(ctx(), 'refund', { payment: 'not an id!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Not a sandbox id');
    const unknown = await post(ctx(), 'refund', { payment: 'pi_nope' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.body).toContain('No such payment.');
    expect((await post(ctx(), 'fail-for', { minutes: '5' }, 'https://evil.example')).statusCode).toBe(403);
    expect((await page(ctx())).body).toContain('The provider answers normally.');
  });
});

const notServed = (ctx: () => TestContext) => async () => {
  expect((await page(ctx())).statusCode).toBe(404);
  for (const action of ['refund', 'open-dispute', 'fail-for', 'fail-next'])
    expect((await post(ctx(), action, { payment: 'pi_x', minutes: '5', gift: 'g_x' })).statusCode).toBe(404);
};

describeEachEngine(
  'sandbox console in production',
  (ctx) => {
    it('is not served', notServed(ctx));
  },
  { config: { isProduction: true, env: 'production' } },
);

describeEachEngine(
  'sandbox console with the Stripe provider',
  (ctx) => {
    it('is not served', notServed(ctx));
  },
  {
    payments: ({ config, db, clock }) =>
      createPaymentProvider(
        { ...config, paymentProvider: 'stripe', stripeSecretKey: 'sk_test_x', stripeWebhookSecret: 'whsec_x' },
        db,
        clock,
      ),
  },
);
