// The sandbox's hosted checkout page: what it shows, the declining card, paying (once) through the same event
// handler as Stripe's webhooks, and an expired checkout closing its gift.
import { and, eq, lte } from 'drizzle-orm';
import { gifts, sandboxCheckouts, webhookEvents } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { expireDueCheckouts } from '../../src/server/payments/sandbox/checkout-completion.js';
import { sandboxWebhookEndpoint } from '../../src/server/services/events/ingest-webhook.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { giftPayload, postGift } from '../helpers/gift-payload.js';
import { giftRowColumns } from '../helpers/gift-row.js';

describeEachEngine('sandbox checkout', (ctx) => {
  /** The expiry job's dependencies, as jobs/index.ts gives them: the app's, and its webhook endpoint. */
  const sandboxDeps = () => ({ ...ctx().deps, webhookEndpoint: sandboxWebhookEndpoint(ctx().deps) });
  const start = async (overrides: Parameters<typeof giftPayload>[0] = {}) => {
    const res = await postGift(ctx(), giftPayload(overrides));
    const url = new URL(res.json().checkoutUrl as string);
    return { path: url.pathname, id: url.pathname.split('/').pop()! };
  };
  const pay = (path: string, form: Record<string, string>) =>
    ctx().app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: new URLSearchParams(form).toString(),
    });
  const giftOf = async (checkoutId: string) =>
    (await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.checkoutSessionId, checkoutId)))[0]!;

  it('shows the banner, line items, labelled fields, the Pay button and Cancel', async () => {
    const { path } = await start({ amountCents: 5000, tipCents: 300 });
    const res = await ctx().app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('Sandbox mode — no real money moves');
    for (const text of [
      'Anonymous gift',
      '$50.00',
      'Processing fee',
      '$2.80',
      'Platform tip',
      '$3.00',
      'Total',
      '$55.80',
    ])
      expect(html).toContain(text);
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="name">Name on card<\/label>/);
    expect(html).toMatch(/<label for="card">Card number<\/label><input[^>]*value="4242 4242 4242 4242"/);
    expect(html).toContain('<button type="submit">Pay $55.80</button>');
    expect(html).toContain('<a href="http://localhost:3000/gift/review?canceled=true">Cancel</a>');
  });

  it('declines 4000 0000 0000 0002 and stays on the page with the entered values', async () => {
    const { path, id } = await start();
    const res = await pay(path, { email: 'dec@example.com', name: 'Dee Cline', card: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined.');
    expect(res.body).toContain('value="dec@example.com"');
    expect((await giftOf(id)).status).toBe('pending');
  });

  it('asks for a valid e-mail, a name and a valid card number', async () => {
    const { path } = await start();
    expect((await pay(path, { email: 'x', name: 'A', card: '4242424242424242' })).body).toContain(
      'Please enter a valid email address.',
    );
    expect((await pay(path, { email: 'a@example.com', name: '', card: '4242424242424242' })).body).toContain(
      'Please enter the name on the card.',
    );
    expect((await pay(path, { email: 'a@example.com', name: 'A', card: '4242424242424241' })).body).toContain(
      'Your card number is invalid.',
    );
  });

  it('pays: 303 to /success, gift paid with the checkout details, e-mails sent; a second submit changes nothing', async () => {
    const { path, id } = await start({ recipientEmail: 'sbx-paid@example.com' });
    const res = await pay(path, { email: 'payer@example.com', name: 'Pat Payer', card: '4242 4242 4242 4242' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/success');
    const gift = await giftOf(id);
    expect(gift).toMatchObject({
      status: 'paid',
      senderFirstName: 'Pat',
      senderLastName: 'Payer',
      senderEmail: 'payer@example.com',
    });
    expect(gift.paymentIntentId).toMatch(/^pi_sandbox_/);
    expect(gift.chargeId).toMatch(/^ch_sandbox_/);
    const again = await pay(path, { email: 'payer@example.com', name: 'Pat Payer', card: '4242 4242 4242 4242' });
    expect(again.statusCode).toBe(303);
    expect(await giftOf(id)).toEqual(gift);
    const mail = await ctx().flushEmails();
    expect(mail.filter((m) => m.toAddress === 'sbx-paid@example.com')).toHaveLength(1);
    expect(mail.filter((m) => m.toAddress === 'payer@example.com')).toHaveLength(1);
  });

  it("accepts the page's own form post, which a browser sends with Origin: null under no-referrer", async () => {
    const { path, id } = await start();
    const res = await ctx().app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ email: 'n@example.com', name: 'N N', card: '4242424242424242' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect((await giftOf(id)).status).toBe('paid');
    // A cross-site post is still refused.
    const { path: other } = await start();
    const evil = await ctx().app.inject({
      method: 'POST',
      url: other,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'cross-site' },
      payload: 'email=e%40example.com&name=E&card=4242424242424242',
    });
    expect(evil.statusCode).toBe(403);
  });

  it('completes once when the form is submitted many times in parallel', async () => {
    const { path, id } = await start({ recipientEmail: 'sbx-par@example.com' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => pay(path, { email: 'p@example.com', name: 'P Q', card: '4242424242424242' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(303));
    expect((await giftOf(id)).status).toBe('paid');
    expect((await ctx().flushEmails()).filter((m) => m.toAddress === 'sbx-par@example.com')).toHaveLength(1);
  });

  it('expires after 24 hours: the page says so and the gift is marked abandoned', async () => {
    const { path, id } = await start();
    ctx().clock.advance(DAY + 1);
    const res = await ctx().app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This checkout has expired.');
    const [row] = await ctx().db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    expect(row!.status).toBe('expired');
    expect((await giftOf(id)).abandonedAt).toEqual(ctx().clock.now());
    expect((await pay(path, { email: 'late@example.com', name: 'L', card: '4242424242424242' })).statusCode).toBe(410);
    expect((await giftOf(id)).status).toBe('pending');
  });

  it('the expiry job closes every checkout past 24 hours once, like Stripe, and leaves paid and fresh ones alone', async () => {
    const stale = await start();
    const paid = await start();
    await pay(paid.path, { email: 'p@example.com', name: 'P Q', card: '4242424242424242' });
    ctx().clock.advance(DAY + 1);
    const fresh = await start();
    // Whatever else in this database is open and past its 24 hours is closed by the same runs, and counted.
    const due = await ctx()
      .db.select({ id: sandboxCheckouts.id })
      .from(sandboxCheckouts)
      .where(and(eq(sandboxCheckouts.status, 'open'), lte(sandboxCheckouts.expiresAt, ctx().clock.now())));
    expect(due.map((r) => r.id)).toContain(stale.id);
    const [first, second] = await Promise.all([expireDueCheckouts(sandboxDeps()), expireDueCheckouts(sandboxDeps())]);
    // Each due checkout moved exactly once between the two runs, and its expiry event was handled once.
    expect(first + second).toBe(due.length);
    const events = await ctx()
      .db.select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `evt_sandbox_expired_${stale.id}`));
    expect(events).toHaveLength(1);
    expect(events[0]!.processedAt).toEqual(ctx().clock.now());
    expect((await giftOf(stale.id)).abandonedAt).toEqual(ctx().clock.now());
    expect((await giftOf(paid.id)).abandonedAt).toBeNull();
    expect((await giftOf(fresh.id)).abandonedAt).toBeNull();
    const [row] = await ctx().db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, fresh.id));
    expect(row!.status).toBe('open');
    expect(await expireDueCheckouts(sandboxDeps())).toBe(0);
  });

  it('answers 404 for an unknown checkout', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/sandbox/checkout/cs_sandbox_nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Sandbox mode');
  });
});
