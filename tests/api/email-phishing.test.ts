// Text a sender types never becomes a link in an e-mail under our name (decision 012): the notification leaves
// the personal note on the claim page, names are names, and user text that still reaches an e-mail is inert.
import { and, eq } from 'drizzle-orm';
import { contactMessages } from '../../src/server/db/schema.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { claim } from '../helpers/claims.js';
import {
  checkoutEvent,
  createPendingGift,
  giftPayload,
  postEvent,
  postGift,
  sandboxWithStripeWebhooks,
} from '../helpers/gift-payload.js';

const PHISH = 'Your bank needs you: https://evil.example/login or www.evil.example';
const claimToken = (text: string) => /\/claim\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describeEachEngine(
  'e-mails carry no sender-typed links',
  (ctx) => {
    it('keeps the personal note out of the notification and shows it on the claim page after the answer', async () => {
      const gift = await createPendingGift(ctx(), { personalNote: PHISH, recipientEmail: 'phish.note@example.com' });
      expect((await postEvent(ctx(), checkoutEvent(gift))).statusCode).toBe(200);
      const [notice] = (await ctx().flushEmails()).filter((m) => m.toAddress === 'phish.note@example.com');
      const mail = `${notice!.subject}\n${notice!.textBody}\n${notice!.htmlBody}`;
      expect(mail).not.toContain('evil');
      expect(mail).toContain('A personal note came with it');
      // The only links in the message are ours: the claim link and "Stop all gifts to this address" (issue 25).
      const stop = /\/stop\/([A-Za-z0-9_-]{43})/.exec(notice!.textBody)![1];
      expect([...notice!.htmlBody!.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
        `http://localhost:3000/claim/${claimToken(notice!.textBody)}`,
        `http://localhost:3000/stop/${stop}`,
      ]);
      // Behind the gift's question, the claim page shows it once the answer is right (issue 25 point 1).
      const token = claimToken(notice!.textBody)!;
      const lookup = await ctx().app.inject({ method: 'GET', url: `/api/gifts/claim/${token}` });
      expect(lookup.json().personalNote).toBeNull();
      expect((await claim(ctx(), token, { securityAnswer: 'Rex' })).json().personalNote).toBe(PHISH);
    });

    it.each([
      ['a URL', 'https://evil.example'],
      ['a domain', 'Claim at evil.example'],
      ['www', 'www.evil'],
      ['markup', '<a href=x>Rita</a>'],
      ['digits', 'Rita2'],
      ['an e-mail address', 'rita@evil'],
    ])('refuses a recipient name with %s', async (_what, name) => {
      for (const field of ['recipientFirstName', 'recipientLastName'] as const) {
        const res = await postGift(ctx(), { ...giftPayload(), [field]: name });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(
          new RegExp(
            `^${field}: Recipient (first|last) name can contain only letters, spaces, hyphens, apostrophes and dots`,
          ),
        );
      }
    });

    it('accepts names as people write them', async () => {
      for (const [first, last] of [
        ['Mary-Jane', 'O’Brien'],
        ['José', 'de la Cruz'],
        ['J. R.', "D'Arcy"],
        ['李', '小龍'],
      ]) {
        const res = await postGift(ctx(), giftPayload({ recipientFirstName: first, recipientLastName: last }));
        expect(res.statusCode, `${first} ${last}`).toBe(201);
      }
    });

    it('sends contact messages to support with links in them inert', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'Pat Phish',
          email: 'pat@example.com',
          category: 'general',
          subject: 'See evil.example',
          message: PHISH,
        },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await ctx()
        .db.select()
        .from(contactMessages)
        .where(and(eq(contactMessages.email, 'pat@example.com')));
      expect(row!.message).toBe(PHISH); // stored as written
      const [mail] = (await ctx().flushEmails()).filter((m) => m.subject.startsWith('[Contact'));
      expect(mail!.htmlBody).not.toMatch(/<a /);
      expect(mail!.textBody).not.toMatch(/https?:\/\/evil|evil\.example/);
      expect(mail!.textBody.replaceAll('\u200B', '')).toContain(PHISH);
    });
  },
  { payments: sandboxWithStripeWebhooks },
);
