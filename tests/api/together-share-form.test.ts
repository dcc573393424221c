// The share page /together/<token> rendered on the server and its contribution form posted by the browser itself
// (before or without the page's scripts, decision 026): the page shows only what the issue allows and carries the
// data the app hydrates from; POST /together/<token>/contribute, form-encoded, is checked with the schema of
// POST /api/together/:token/contributions (the figures computed on the server), counted in the same start limit,
// and answered 303 to the hosted checkout, whose payment makes a share like any other; a bad post gets the page
// again (400) with what was typed, an error summary and each field's problem. Needs the built renderers.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { giftPayers, gifts } from '../../src/server/db/schema.js';
import { payerIdentity } from '../../src/server/services/risk/payer-identity.js';
import { MINUTE } from '../../src/server/clock.js';
import { feeCents, wireFigures } from '../../src/shared/money.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { contribute, payShareCheckout, sendNow, sharePage, startGroup } from '../helpers/together.js';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

/** Gift starts per client address in the window: small, so the last test reaches it (the clock moves past the
 * window before each test). */
const LIMIT = 4;

const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' };

const post = (ctx: TestContext, token: string, fields: Record<string, string>, options: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/together/${token}/contribute`,
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
    ...options,
  });
const open = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });
const sharesOfGroup = async (ctx: TestContext, token: string) => {
  const page = await sharePage(ctx, token);
  return (page.json() as { contributions: number }).contributions;
};
const giftCount = async (ctx: TestContext) => (await ctx.db.select({ n: count() }).from(gifts))[0]!.n;
const payer = (n: number) => ({ name: 'Xavier Payer', email: `xavier${n}.payer@example.com` });

/** The markup inside #root. */
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';

describeEachEngine(
  'the share page rendered on the server, and its form posted without scripts',
  (ctx) => {
    beforeEach(() => ctx().clock.advance(11 * MINUTE));

    it('shows the first name, message, count and rounded progress only, with the data the app hydrates from', async () => {
      const c = ctx();
      const group = await startGroup(c, { goal: '100.00', personalNote: 'From the <whole> choir' });
      await contribute(c, group.shareToken, 3_300, payer(1));
      await contribute(c, group.shareToken, 2_400, payer(2));
      const res = await open(c, `/together/${group.shareToken}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const root = rootOf(res.body);
      const text = root.replace(/<[^>]+>/g, '');
      expect(text).toContain('A group gift for Rita');
      expect(text).toContain('From the &lt;whole&gt; choir');
      expect(text).toContain('2 contributions so far');
      // 57 of 100: 60%, never the total, a share's amount or a payer.
      expect(text).toContain('About 60% of the goal');
      for (const secret of ['$57', '57.00', '$33', '33.00', '$24', '24.00', 'Xavier', 'payer@'])
        expect(text, secret).not.toContain(secret);
      // A real form that posts to the server, and the app's scripts (after the first paint) to hydrate it.
      const form = /<form[^>]*>/.exec(root)![0];
      expect(form).toContain('method="post"');
      expect(form).toContain(`action="/together/${group.shareToken}/contribute"`);
      expect(root).toMatch(/<input[^>]*name="amount"[^>]*value=""/);
      expect(res.body).toContain('id="hg-after-paint"');
      const seed = JSON.parse(
        /<script type="application\/json" id="hg-query-seed">([^<]*)<\/script>/.exec(res.body)![1]!,
      );
      expect(seed).toEqual([[['/api/together', group.shareToken], (await sharePage(c, group.shareToken)).json()]]);
    });

    it('says a link leads to no group with 404, and leaves another address to the app', async () => {
      const c = ctx();
      const unknown = await open(c, `/together/${'x'.repeat(43)}`);
      expect(unknown.statusCode).toBe(404);
      expect(rootOf(unknown.body)).toContain('Group gift not found');
      expect(unknown.body).toContain('<script type="application/json" id="hg-query-seed">[[["/api/together","');
      const start = await open(c, '/together/new');
      expect(start.statusCode).toBe(200);
      expect(rootOf(start.body)).toContain('Start the group gift');
    });

    it('opens the checkout (303) for a good post; its payment makes a share, counted once', async () => {
      const c = ctx();
      const group = await startGroup(c);
      const res = await post(c, group.shareToken, { amount: '30', tip: '2.50' });
      expect(res.statusCode).toBe(303);
      const checkout = res.headers.location as string;
      expect(checkout).toMatch(/\/sandbox\/checkout\/[\w-]+$/);
      const [pending] = await c.db
        .select()
        .from(gifts)
        .where(eq(gifts.checkoutSessionId, new URL(checkout).pathname.split('/').pop()!));
      // The server's own figures: the amount, the fee of one gift, the tip typed.
      expect(pending).toMatchObject({
        status: 'pending',
        amountCents: 3_000,
        feeCents: feeCents(3_000),
        tipCents: 250,
        recipientFirstName: 'Rita',
      });
      expect(pending!.groupGiftId).not.toBeNull();
      expect(await sharesOfGroup(c, group.shareToken)).toBe(0);
      const { share } = await payShareCheckout(c, checkout, payer(3));
      expect(share.status).toBe('paid');
      expect(await sharesOfGroup(c, group.shareToken)).toBe(1);
    });

    it('answers a bad post with 400 and the page again: what was typed, each problem by its field and in a summary', async () => {
      const c = ctx();
      const group = await startGroup(c);
      const before = await giftCount(c);
      for (const [fields, problems] of [
        [
          { amount: '2', tip: 'lots' },
          { amount: 'The minimum gift is $5.00', tip: 'Tip must be' },
        ],
        [{ amount: '', tip: '1' }, { amount: 'Please enter your share' }],
        [{}, { amount: 'Please enter your share' }],
      ] as const) {
        const res = await post(c, group.shareToken, fields);
        expect(res.statusCode).toBe(400);
        const html = res.body;
        expect(html).not.toMatch(/<script type="module"|hg-after-paint/);
        for (const [name, typed] of Object.entries(fields))
          expect(new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)![0]).toContain(`value="${typed}"`);
        for (const [name, message] of Object.entries(problems)) {
          const control = new RegExp(`<input[^>]*id="contribute-${name}"[^>]*>`).exec(html)![0];
          expect(control, name).toContain('aria-invalid="true"');
          expect(control, name).toContain(`aria-describedby="contribute-${name}-error`);
          const shown = new RegExp(`id="contribute-${name}-error"[^>]*>([^<]*)<`).exec(html)?.[1];
          expect(shown, name).toContain(message);
          expect(html).toContain(`href="#contribute-${name}"`);
        }
        expect(html).toContain('role="alert"');
        expect(/<form[^>]*>/.exec(html)![0]).toContain(`action="/together/${group.shareToken}/contribute"`);
        // Still the group's page, and only what the issue allows.
        expect(html).toContain('0 contributions so far');
      }
      expect(await giftCount(c)).toBe(before);
    });

    it('keeps what was typed when the group was sent meanwhile, and says a link leads to nothing', async () => {
      const c = ctx();
      const group = await startGroup(c);
      await contribute(c, group.shareToken, 1_000, payer(4));
      expect((await sendNow(c, group.organiserToken)).statusCode).toBe(200);
      const closed = await post(c, group.shareToken, { amount: '12.00', tip: '0' });
      expect(closed.statusCode).toBe(409);
      expect(closed.body).toContain('This group gift takes no more contributions.');
      expect(closed.body).not.toContain('action="/together/');
      const gone = await post(c, 'y'.repeat(43), { amount: '12.00', tip: '0' });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toContain('Group gift not found');
      // The form's address opened as a page leads to the share page.
      const reopened = await open(c, `/together/${group.shareToken}/contribute`);
      expect(reopened.statusCode).toBe(303);
      expect(reopened.headers.location).toBe(`/together/${group.shareToken}`);
    });

    it('refuses a cross-site post with nothing started', async () => {
      const c = ctx();
      const group = await startGroup(c);
      const before = await giftCount(c);
      const res = await post(
        c,
        group.shareToken,
        { amount: '30', tip: '0' },
        { headers: { ...FORM, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
      expect(await giftCount(c)).toBe(before);
    });

    it('counts in the same start limit per client as the API, and keeps what was typed when refused', async () => {
      const c = ctx();
      const group = await startGroup(c);
      const from = { remoteAddress: '10.30.0.1' };
      const api = () =>
        c.app.inject({
          method: 'POST',
          url: `/api/together/${group.shareToken}/contributions`,
          payload: { ...wireFigures(1_000, 0), senderCoversFees: false },
          ...from,
        });
      expect((await api()).statusCode).toBe(201);
      const posts = await Promise.all(
        [1, 2, 3, 4].map(() => post(c, group.shareToken, { amount: '10', tip: '0' }, from)),
      );
      expect(posts.map((r) => r.statusCode).sort()).toEqual([303, 303, 303, 429]);
      const refused = posts.find((r) => r.statusCode === 429)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain('started many gifts in a short time');
      expect(new RegExp('<input[^>]*name="amount"[^>]*>').exec(refused.body)![0]).toContain('value="10"');
      expect((await api()).statusCode).toBe(429);
      // Someone else is not affected.
      expect(
        (await post(c, group.shareToken, { amount: '10', tip: '0' }, { remoteAddress: '10.30.0.2' })).statusCode,
      ).toBe(303);
      // Each share's payer is known by the address it was started from (card testing counts declines by it).
      const keys = await c.db
        .select({ clientKey: giftPayers.clientKey })
        .from(giftPayers)
        .innerJoin(gifts, eq(gifts.id, giftPayers.giftId))
        .where(eq(gifts.recipientEmail, group.recipientEmail));
      const keyOf = (address: string) =>
        payerIdentity(c.deps.config.digestSecret!, { clientAddress: address }).clientKey;
      expect(keys.map((k) => k.clientKey).sort()).toEqual(
        [keyOf('10.30.0.1'), keyOf('10.30.0.1'), keyOf('10.30.0.1'), keyOf('10.30.0.1'), keyOf('10.30.0.2')].sort(),
      );
    });
  },
  { config: { clientDir, giftStartsPerClient: LIMIT } },
);
