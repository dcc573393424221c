// Issue 25 point 5: every claim e-mail has "Stop all gifts to this address"; opening the link changes nothing, its
// one-click confirmation stops new gifts to the address (refused at creation with a 4xx saying the recipient does
// not accept gifts, before any checkout), once however often it is clicked, and e-mails the address an undo link.
// Only a keyed digest of the address is stored.
import { createHash } from 'node:crypto';
import { addressStops, gifts } from '../../src/server/db/schema.js';
import { correctRecipientEmail } from '../../src/server/services/manage/correct-email.js';
import { giftPayload, postGift } from '../helpers/gift-payload.js';
import { givenGift } from '../helpers/gifts.js';
import { groupPayload, startGroupRequest } from '../helpers/together.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const STOP_LINK = /Stop all gifts to this address: http:\/\/localhost:3000\/stop\/([A-Za-z0-9_-]{43})/;
const UNDO_LINK = /http:\/\/localhost:3000\/resume\/([A-Za-z0-9_-]{43})/;

const describeLink = (c: TestContext, token: string) =>
  c.app.inject({ method: 'GET', url: `/api/recipient-links/${token}` });
const follow = (c: TestContext, token: string) =>
  c.app.inject({ method: 'POST', url: `/api/recipient-links/${token}` });

async function stopTokenFor(c: TestContext, address: string): Promise<string> {
  await givenGift(c, { recipientEmail: address });
  const mail = (await c.flushEmails(address)).at(-1)!;
  return STOP_LINK.exec(mail.textBody)![1]!;
}

describeEachEngine('recipient stops all gifts', (ctx) => {
  it('stops new gifts to the address on one click, refuses them before checkout, and undoes by e-mailed link', async () => {
    const c = ctx();
    const address = `Stella.Stop.${c.engine}@example.com`;
    const token = await stopTokenFor(c, address);
    // Opening the link (as a mail scanner would) changes nothing.
    expect((await describeLink(c, token)).json()).toEqual({ purpose: 'stop-all', done: false });
    expect((await postGift(c, giftPayload({ recipientEmail: address }))).statusCode).toBe(201);

    const clicks = await Promise.all(Array.from({ length: 4 }, () => follow(c, token)));
    expect(clicks.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(clicks[0]!.json().message).toMatch(/^Done: new gifts to this address will be refused/);
    expect((await describeLink(c, token)).json()).toEqual({ purpose: 'stop-all', done: true });

    // Only a keyed digest: not the address, nor its plain SHA-256.
    const stops = await c.db.select().from(addressStops);
    const plain = createHash('sha256').update(address.toLowerCase()).digest('hex');
    expect(JSON.stringify(stops)).not.toContain(plain);
    expect(JSON.stringify(stops).toLowerCase()).not.toContain(address.toLowerCase());

    // A group gift to the address is refused when it is started, not share by share.
    const group = await startGroupRequest(c, groupPayload({ recipientEmail: address }));
    expect(group.statusCode).toBe(409);
    expect(group.json().code).toBe('RECIPIENT_NOT_ACCEPTING');

    const before = (await c.db.select({ id: gifts.id }).from(gifts)).length;
    for (const typed of [address, address.toUpperCase(), ` ${address.toLowerCase()} `]) {
      const refused = await postGift(c, giftPayload({ recipientEmail: typed.trim() }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'RECIPIENT_NOT_ACCEPTING',
        message: 'This recipient does not accept gifts through Hushgift.',
      });
    }
    expect((await c.db.select({ id: gifts.id }).from(gifts)).length).toBe(before);
    // Another address is not affected.
    expect((await postGift(c, giftPayload({ recipientEmail: `other.${c.engine}@example.com` }))).statusCode).toBe(201);

    // One confirmation, with the undo link, however many clicks.
    const confirmations = (await c.flushEmails(address)).filter(
      (m) => m.subject === 'You stopped all gifts to this address',
    );
    expect(confirmations).toHaveLength(1);
    const undo = UNDO_LINK.exec(confirmations[0]!.textBody)![1]!;
    expect((await describeLink(c, undo)).json()).toEqual({ purpose: 'resume-all', done: false });
    expect((await follow(c, undo)).json()).toEqual({
      message: 'Done: this address accepts gifts through Hushgift again.',
    });
    expect((await postGift(c, giftPayload({ recipientEmail: address }))).statusCode).toBe(201);
  });

  it('a correction of the sender to a stopped address is refused too', async () => {
    const c = ctx();
    const stopped = `stopped.${c.engine}@example.com`;
    expect((await follow(c, await stopTokenFor(c, stopped))).statusCode).toBe(200);
    const { gift } = await givenGift(c);
    await expect(correctRecipientEmail(c.deps, gift.id, stopped)).rejects.toMatchObject({
      statusCode: 409,
      code: 'RECIPIENT_NOT_ACCEPTING',
    });
  });

  it('answers an unknown or malformed link with a 404, never a 5xx', async () => {
    const c = ctx();
    for (const token of ['x'.repeat(43), 'short', 'a'.repeat(100)]) {
      expect((await describeLink(c, token)).statusCode).toBe(404);
      expect((await follow(c, token)).statusCode).toBe(404);
    }
    const long = await describeLink(c, 'a'.repeat(101));
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });
});
