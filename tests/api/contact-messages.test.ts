// POST /api/contact: validation naming the field, stored once with one e-mail to support (reply-to the sender),
// 5 per hour per client address, and a honeypot that drops bots with the same answer.
import { eq } from 'drizzle-orm';
import { contactMessages, outbox } from '../../src/server/db/schema.js';
import { HOUR, MINUTE } from '../../src/server/clock.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pat Example',
  email: 'pat@example.com',
  category: 'gift-problem',
  subject: 'My gift link',
  message: 'The link in my e-mail says the gift has expired.',
  ...overrides,
});

let address = 0;
/** Each test posts from its own client address, so rate limits never leak between tests. */
const nextAddress = () => `10.0.0.${++address}`;

const post = (ctx: TestContext, payload: unknown, remoteAddress = '10.9.9.9') =>
  ctx.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

describeEachEngine('contact messages', (ctx) => {
  it.each([
    ['name', { name: '' }, /^name: Name is required$/],
    ['name', { name: undefined }, /^name: this field is required$/],
    ['name', { name: 'x'.repeat(101) }, /^name: Name must be at most 100 characters$/],
    ['email', { email: '' }, /^email: Email is required$/],
    ['email', { email: 'not-an-address' }, /^email: Please enter a valid email address$/],
    ['category', { category: 'billing' }, /^category: Category must be one of: general, technical/],
    ['category', { category: undefined }, /^category: (Category is required|this field is required)$/],
    ['category', { category: '' }, /^category: Category is required$/],
    ['subject', { subject: '   ' }, /^subject: Subject is required$/],
    ['subject', { subject: 's'.repeat(201) }, /^subject: Subject must be at most 200 characters$/],
    ['message', { message: '' }, /^message: Message is required$/],
    ['message', { message: 'm'.repeat(5001) }, /^message: Message must be at most 5000 characters$/],
    ['message', { message: 42 }, /^message: /],
    ['an unknown field', { admin: true }, /^Unexpected field: admin/],
  ])('rejects a bad %s with 400 naming it', async (_field, overrides, expected) => {
    const res = await post(ctx(), valid(overrides), nextAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(expected);
  });

  it('accepts the longest allowed values', async () => {
    const res = await post(
      ctx(),
      valid({ name: 'n'.repeat(100), subject: 's'.repeat(200), message: 'm'.repeat(5000), email: 'max@example.com' }),
      nextAddress(),
    );
    expect(res.statusCode).toBe(201);
  });

  it('stores the message and queues exactly one e-mail to support with the sender as reply-to', async () => {
    const res = await post(ctx(), valid({ email: 'stored@example.com', subject: 'Where is\nmy gift?' }), nextAddress());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.stringMatching(/get back to you/) });

    const rows = await ctx().db.select().from(contactMessages).where(eq(contactMessages.email, 'stored@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Pat Example', category: 'gift-problem', subject: 'Where is my gift?' });
    expect(rows[0]!.createdAt.getTime()).toBe(ctx().clock.now().getTime());

    const queued = await ctx().db.select().from(outbox).where(eq(outbox.replyTo, 'stored@example.com'));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'contact', toAddress: ctx().deps.config.supportEmail });
    expect(queued[0]!.subject).toBe('[Contact: Problem with a gift] Where is my gift?');
    // User text is inert (decision 012): zero-width spaces keep mail clients from linking it.
    const text = queued[0]!.textBody!.replaceAll('\u200B', '');
    expect(text).toContain('The link in my e-mail says the gift has expired.');
    expect(text).toContain('Pat Example <stored@example.com>');

    const delivered = (await ctx().flushEmails()).filter((m) => m.subject === queued[0]!.subject);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.toAddress).toBe(ctx().deps.config.supportEmail);
    expect(delivered[0]!.htmlBody).not.toContain('<script');
  });

  it('escapes markup from the sender in the HTML e-mail', async () => {
    await post(ctx(), valid({ email: 'markup@example.com', message: '<script>alert(1)</script>' }), nextAddress());
    const [row] = await ctx().db.select().from(outbox).where(eq(outbox.replyTo, 'markup@example.com'));
    expect(row!.htmlBody).toContain('&lt;script&gt;');
    expect(row!.htmlBody).not.toContain('<script>');
  });

  it('allows 5 messages per hour per client address, then answers 429 with a message', async () => {
    const from = nextAddress();
    const email = 'busy@example.com';
    // Parallel: the limit holds under a burst.
    const burst = await Promise.all(Array.from({ length: 8 }, () => post(ctx(), valid({ email }), from)));
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^You have sent 5 messages in the last hour\. Please try again in 1 hour/);
    expect(refused.json().message).toContain(ctx().deps.config.supportEmail);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ctx().db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(5);
    expect(await ctx().db.select().from(outbox).where(eq(outbox.replyTo, email))).toHaveLength(5);

    // Another address is not affected.
    expect((await post(ctx(), valid({ email }), nextAddress())).statusCode).toBe(201);

    // The window slides: still closed half an hour later, open again once the burst is an hour old.
    ctx().clock.advance(30 * MINUTE);
    expect((await post(ctx(), valid({ email }), from)).statusCode).toBe(429);
    ctx().clock.advance(HOUR);
    expect((await post(ctx(), valid({ email }), from)).statusCode).toBe(201);
  });

  it('does not count rejected input against the limit', async () => {
    const from = nextAddress();
    for (let i = 0; i < 6; i++) expect((await post(ctx(), valid({ email: 'bad' }), from)).statusCode).toBe(400);
    expect((await post(ctx(), valid({ email: 'after-bad@example.com' }), from)).statusCode).toBe(201);
  });

  it('silently drops a message whose honeypot is filled, with the same answer', async () => {
    const human = await post(ctx(), valid({ email: 'human@example.com', website: '' }), nextAddress());
    const bot = await post(ctx(), valid({ email: 'bot@example.com', website: 'http://spam.example' }), nextAddress());
    expect(bot.statusCode).toBe(human.statusCode);
    expect(bot.json()).toEqual(human.json());
    expect(
      await ctx().db.select().from(contactMessages).where(eq(contactMessages.email, 'bot@example.com')),
    ).toHaveLength(0);
    expect(await ctx().db.select().from(outbox).where(eq(outbox.replyTo, 'bot@example.com'))).toHaveLength(0);
    expect(
      await ctx().db.select().from(contactMessages).where(eq(contactMessages.email, 'human@example.com')),
    ).toHaveLength(1);
  });

  it('refuses a cross-site post', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid(),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describeEachEngine('contact API description', (ctx) => {
  it('is described in /api/docs/openapi.json with its body schema', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const body = doc.paths['/api/contact'].post.requestBody.content['application/json'].schema;
    expect(body.required.sort()).toEqual(['category', 'email', 'message', 'name', 'subject']);
    expect(body.properties.category.enum).toContain('gift-problem');
  });
});
