// Issue 25 point 2: every claim e-mail (the notification and each reminder) carries its own verification code,
// XXXX-XXXX from the look-alike-free alphabet, and says to type the /verify address; POST /api/verify answers
// whether a real gift has the code (amount, "a friend", expiry; never a link nor the address), an unknown code the
// fixed warning; codes are stored only as keyed digests; lookups are limited per client with a 429 and a wait.
import { eq } from 'drizzle-orm';
import { giftVerificationCodes } from '../../src/server/db/schema.js';
import { DAY, HOUR } from '../../src/server/clock.js';
import { sendDueReminders } from '../../src/server/services/delivery/reminders.js';
import { VERIFY_CODE_ALPHABET } from '../../src/shared/schemas/recipient-rights.js';
import { claimedGift, givenGift } from '../helpers/gifts.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const LIMIT = 5;
const CODE = new RegExp(`verification code is ([${VERIFY_CODE_ALPHABET}]{4}-[${VERIFY_CODE_ALPHABET}]{4})\\.`);

const verify = (c: TestContext, code: string, ip = '203.0.113.7') =>
  c.app.inject({ method: 'POST', url: '/api/verify', payload: { code }, remoteAddress: ip });

async function codesMailedTo(c: TestContext, address: string): Promise<string[]> {
  return (await c.flushEmails(address)).map((m) => CODE.exec(m.textBody)?.[1]).filter((x): x is string => !!x);
}

describeEachEngine(
  'recipient verification code',
  (ctx) => {
    it('puts a code in the claim e-mail, with the /verify address to type, and stores only its keyed digest', async () => {
      const c = ctx();
      const { gift } = await givenGift(c, { amountCents: 4250 });
      const [mail] = await c.flushEmails(gift.recipientEmail!);
      const code = CODE.exec(mail!.textBody)?.[1];
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(mail!.textBody).toContain("Type localhost:3000/verify into your browser's address bar yourself");
      // Written as text: our HTML does not make it a link.
      expect(mail!.htmlBody).not.toMatch(/<a [^>]*verify/);
      const stored = await c.db.select().from(giftVerificationCodes).where(eq(giftVerificationCodes.giftId, gift.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.codeDigest).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(code!.replace('-', ''));

      const res = await verify(c, code!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        found: true,
        amount: '42.50',
        from: 'a friend',
        expiresAt: gift.expiresAt!.toISOString(),
        claimable: true,
        message: "Open your e-mail's link to claim it",
      });
      expect(res.body).not.toContain(gift.recipientEmail!);
      expect(res.body).not.toContain('/claim/');
      // Typed loosely: lower case, spaces, no dash.
      expect((await verify(c, ` ${code!.toLowerCase().replace('-', ' ')} `)).json().found).toBe(true);
    });

    it('answers an unknown or malformed code with the warning, never a 5xx', async () => {
      const c = ctx();
      for (const typed of ['ABCD-EFGH', '0000-0000', 'x', '']) {
        const res = await verify(c, typed, '203.0.113.8');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          found: false,
          message: 'No gift matches this code. Do not click links in that e-mail.',
        });
      }
      expect((await verify(c, 'A'.repeat(41))).statusCode).toBe(400);
    });

    it('gives each reminder its own code; a claimed gift is real but no longer claimable', async () => {
      const c = ctx();
      const { gift } = await givenGift(c);
      const [first] = await codesMailedTo(c, gift.recipientEmail!);
      c.clock.set(new Date(gift.expiresAt!.getTime() - 7 * DAY + HOUR));
      expect((await sendDueReminders(c.deps)).sent).toBeGreaterThanOrEqual(1);
      const codes = await codesMailedTo(c, gift.recipientEmail!);
      expect(codes).toHaveLength(2);
      expect(codes[1]).not.toBe(first);
      for (const code of codes)
        expect((await verify(c, code, '203.0.113.9')).json()).toMatchObject({ found: true, claimable: true });

      const claimed = await claimedGift(c);
      const [code] = await codesMailedTo(c, claimed.gift.recipientEmail!);
      expect((await verify(c, code!, '203.0.113.9')).json()).toMatchObject({
        found: true,
        claimable: false,
        message: 'This gift can no longer be claimed.',
      });
    });

    it(`limits lookups to ${LIMIT} per client address an hour, with a 429 saying when`, async () => {
      const c = ctx();
      const ip = '198.51.100.77';
      for (let i = 0; i < LIMIT; i++) expect((await verify(c, 'ABCD-EFGH', ip)).statusCode).toBe(200);
      const refused = await verify(c, 'ABCD-EFGH', ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many codes checked from your network. Please try again in 1 hour.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await verify(c, 'ABCD-EFGH', '198.51.100.78')).statusCode).toBe(200);
      c.clock.advance(HOUR);
      expect((await verify(c, 'ABCD-EFGH', ip)).statusCode).toBe(200);
    });
  },
  { config: { verifyLookupsPerClient: LIMIT } },
);
