// The sandbox's side of the risk rules (decision 024, issue 24 points 4 and 6): its checkout asks 3-D Secure of a
// large gift (completing it pays; failing it fails the payment as a declined card does, counted by card testing),
// and its console rates an open checkout's payment elevated or highest and sends an early fraud warning for a
// payment. Plain forms, so all of it works without scripts.
import { eq } from 'drizzle-orm';
import { sandboxCheckouts } from '../../src/server/db/schema.js';
import { AUTHENTICATION_FAILED } from '../../src/server/payments/sandbox/checkout-routes.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { testConfig } from '../../src/server/config.js';
import { giftPayload, postGift } from '../helpers/gift-payload.js';
import { giftRowById, pendingGift } from '../helpers/gifts.js';
import { ASKS_AUTHENTICATION, giftPaidBy, payWithCard, reviewOf } from '../helpers/risk.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const consoleForm = (ctx: TestContext, action: string, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/sandbox/console/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: new URLSearchParams(fields).toString(),
  });

describeEachEngine(
  'risk: the sandbox checkout’s 3-D Secure step',
  (ctx) => {
    const cardForm = (c: TestContext, checkoutUrl: URL, fields: Record<string, string>) =>
      c.app.inject({
        method: 'POST',
        url: checkoutUrl.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
        payload: new URLSearchParams({
          email: 'lou@example.com',
          name: 'Lou Large',
          card: '4242424242424242',
          ...fields,
        }).toString(),
      });

    it('asks it of a gift of $1,000 or more before paying, and pays when it is completed', async () => {
      const large = await pendingGift(ctx(), { amountCents: 100_000, tipCents: 0 });
      const asked = await cardForm(ctx(), large.checkoutUrl, {});
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toMatch(ASKS_AUTHENTICATION);
      expect(asked.body).toContain('3-D Secure');
      expect((await giftRowById(ctx(), large.gift.id)).state).toBe('pending');
      const done = await cardForm(ctx(), large.checkoutUrl, { authentication: 'pass' });
      expect(done.statusCode).toBe(303);
      expect((await giftRowById(ctx(), large.gift.id)).state).toBe('paid');
      // Below $1,000 the card pays at once.
      const small = await pendingGift(ctx(), { amountCents: 99_999, tipCents: 0 });
      expect((await cardForm(ctx(), small.checkoutUrl, {})).statusCode).toBe(303);
    });

    it('fails the payment when authentication fails, as a declined card, counted against card testing', async () => {
      const large = await pendingGift(ctx(), { amountCents: 150_000, tipCents: 0 });
      const failed = await cardForm(ctx(), large.checkoutUrl, { authentication: 'fail' });
      expect(failed.statusCode).toBe(402);
      expect(failed.body).toContain(AUTHENTICATION_FAILED);
      expect((await giftRowById(ctx(), large.gift.id)).state).toBe('pending');
      // The limit of this suite is one decline an hour: the client that started it may not start another.
      const refused = await postGift(ctx(), giftPayload());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
    });
  },
  { config: { risk: { ...testConfig().risk, failedPaymentsPerHour: 1 } } },
);

describeEachEngine('risk: the sandbox console', (ctx) => {
  const payer = (n: string) => ({ name: 'Pat Console', email: `pat.${n}.${ctx().engine}@example.com` });
  const checkoutIdOf = (pending: Awaited<ReturnType<typeof pendingGift>>) =>
    pending.checkoutUrl.pathname.split('/').pop()!;

  it('lists open checkouts with a form to rate their payment; a rated payment is held or refunded', async () => {
    const elevated = await pendingGift(ctx());
    const highest = await pendingGift(ctx());
    const page = await ctx().app.inject({ method: 'GET', url: '/sandbox/console' });
    expect(page.body).toContain('<caption>Open checkouts</caption>');
    expect(page.body).toContain(`value="${checkoutIdOf(elevated)}"`);
    expect(page.body).toMatch(/<label for="level-[\w-]+">Risk level<\/label>/);

    for (const [pending, level] of [
      [elevated, 'elevated'],
      [highest, 'highest'],
    ] as const) {
      const rated = await consoleForm(ctx(), 'rate-checkout', { checkout: checkoutIdOf(pending), level });
      expect(rated.statusCode).toBe(303);
      expect(rated.headers.location).toBe('/sandbox/console?done=rate-checkout');
    }
    // Paid with the ordinary test card: the rating is the console's.
    expect(await payWithCard(ctx(), elevated, payer('elevated'))).toBe(303);
    expect((await reviewOf(ctx(), elevated.gift.id))?.reasons).toEqual(['provider_elevated']);
    expect(await payWithCard(ctx(), highest, payer('highest'))).toBe(303);
    await runReconciler(ctx().deps);
    expect((await giftRowById(ctx(), highest.gift.id)).state).toBe('refunded');
    expect(await reviewOf(ctx(), highest.gift.id)).toMatchObject({
      reasons: ['provider_highest'],
      decision: 'rejected',
    });

    // A paid checkout, an unknown one and a level that is not one are refused on the page.
    expect(
      (await consoleForm(ctx(), 'rate-checkout', { checkout: checkoutIdOf(elevated), level: 'highest' })).statusCode,
    ).toBe(409);
    expect(
      (await consoleForm(ctx(), 'rate-checkout', { checkout: checkoutIdOf(elevated), level: 'normal' })).statusCode,
    ).toBe(400);
  });

  it('sends an early fraud warning for a payment: before the payout, its whole charge is refunded', async () => {
    const given = await giftPaidBy(ctx(), payer('warned'));
    const page = await ctx().app.inject({ method: 'GET', url: '/sandbox/console' });
    expect(page.body).toContain('>Early fraud warning</button>');
    const [checkout] = await ctx()
      .db.select({ pi: sandboxCheckouts.paymentIntentId })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.giftPublicId, given.gift.publicId));
    const sent = await consoleForm(ctx(), 'fraud-warning', { payment: checkout!.pi! });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/sandbox/console?done=fraud-warning');
    await runReconciler(ctx().deps);
    expect((await giftRowById(ctx(), given.gift.id)).state).toBe('refunded');
    expect(await reviewOf(ctx(), given.gift.id)).toMatchObject({ reasons: ['early_fraud_warning'] });
    expect((await consoleForm(ctx(), 'fraud-warning', { payment: 'pi_sandbox_none' })).statusCode).toBe(409);
  });
});
