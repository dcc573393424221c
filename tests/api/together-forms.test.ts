// /together/new posted by the browser itself (before or without the page's scripts, decision 026): form-encoded,
// checked with the same schema as POST /api/together, answered with a server-rendered page: the two links (shown
// this once, a group started) or the form again keeping what was typed, each problem next to its field and in a
// summary. A cross-site post is refused like every other. Needs the built renderers (built here if stale).
import { execSync } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { groupGifts } from '../../src/server/db/schema.js';
import { sha256 } from '../../src/server/crypto.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { groupPayload, sharePage } from '../helpers/together.js';

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' };

const formBody = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v ?? '')])).toString();

const post = (ctx: TestContext, fields: Record<string, unknown>, headers: object = FORM) =>
  ctx.app.inject({ method: 'POST', url: '/together/new', headers: headers as never, payload: formBody(fields) });

/** The links the page shows: share first, then the organiser's. */
const linksIn = (html: string) =>
  [...html.matchAll(/http:\/\/localhost:3000\/together\/[A-Za-z0-9/_-]+/g)].map((m) => m[0]);

const groupsFor = (ctx: TestContext, organiserEmail: string) =>
  ctx.db.select().from(groupGifts).where(eq(groupGifts.organiserEmail, organiserEmail));

describeEachEngine(
  'the together form posted without scripts',
  (ctx) => {
    it('starts the group and answers a page with both links, shown once, never cached', async () => {
      const c = ctx();
      const fields = groupPayload({ goal: '250.00' });
      const res = await post(c, fields);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Your group gift is open');
      const links = [...new Set(linksIn(res.body))];
      const share = links.find((l) => !l.includes('/organise/'))!;
      const organiser = links.find((l) => l.includes('/organise/'))!;
      expect(share).toBeDefined();
      expect(organiser).toBeDefined();
      // Exactly one group, and the page's links are its links (stored only hashed).
      const [group, ...more] = await groupsFor(c, fields.organiserEmail);
      expect(more).toHaveLength(0);
      expect(group!.shareTokenHash).toBe(sha256(share.split('/').pop()!));
      expect(group!.organiserTokenHash).toBe(sha256(organiser.split('/').pop()!));
      expect(group!.goalCents).toBe(25_000);
      const page = await sharePage(c, share.split('/').pop()!);
      expect(page.json()).toMatchObject({ recipientFirstName: fields.recipientFirstName, contributions: 0 });
      // The answer carries no script (it works without any) and nothing typed went into an address.
      expect(res.body).not.toMatch(/<script type="module"/);
    });

    it('answers 400 with the form again: what was typed kept, each problem by its field and in a summary', async () => {
      const c = ctx();
      const fields = groupPayload({ recipientEmail: 'not-an-email', deadlineDays: 99, securityAnswer: '' });
      const res = await post(c, fields);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      // The values as typed.
      expect(html).toContain('value="not-an-email"');
      expect(html).toContain(`value="${fields.recipientFirstName}"`);
      expect(html).toContain(`value="${fields.organiserEmail}"`);
      expect(html).toContain('From all of us at the choir');
      // Each problem next to its field, tied to it for a screen reader, and listed in the summary.
      for (const name of ['recipientEmail', 'deadlineDays', 'securityAnswer']) {
        const control = new RegExp(`<(input|select)[^>]*id="together-${name}"[^>]*>`).exec(html)?.[0] ?? '';
        expect(control, name).toContain('aria-invalid="true"');
        expect(control, name).toContain(`aria-describedby="together-${name}-error`);
        expect(html).toMatch(new RegExp(`id="together-${name}-error"[^>]*>[^<]+<`));
        expect(html).toContain(`href="#together-${name}"`);
      }
      expect(html).toContain('role="alert"');
      expect(html).toContain('The deadline is at most');
      expect(html).toContain('Give both a security question and its answer, or neither');
      // The form posts again to the same address.
      const form = /<form[^>]*>/.exec(html)![0];
      expect(form).toContain('method="post"');
      expect(form).toContain('action="/together/new"');
      expect(await groupsFor(c, fields.organiserEmail)).toHaveLength(0);
    });

    it('answers an empty post with a 400 page and ignores a field the form does not have', async () => {
      const c = ctx();
      const empty = await post(c, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('id="together-recipientFirstName-error"');
      const odd = await post(c, { ...groupPayload(), extra: 'x' });
      expect(odd.statusCode).toBe(200);
    });

    it('refuses a cross-site post with nothing started', async () => {
      const c = ctx();
      const fields = groupPayload();
      const res = await post(c, fields, {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
      expect(await groupsFor(c, fields.organiserEmail)).toHaveLength(0);
    });
  },
  { config: { clientDir } },
);
