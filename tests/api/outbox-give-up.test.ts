// The outbox gives up on a message after its last attempt: it retries on the documented back-off (5 s, 10 s,
// 20 s … capped at an hour), records each error, and after OUTBOX_MAX_ATTEMPTS marks the message failed and
// never tries it again. A lost claim e-mail is therefore visible on its row (failed_at, last_error) and puts its
// gift on the admin attention list, not dropped.
import { and, eq } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema.js';
import { DAY } from '../../src/server/clock.js';
import { OUTBOX_MAX_ATTEMPTS, backoffMs } from '../../src/server/email/outbox.js';
import { scheduledJobs } from '../../src/server/jobs/index.js';
import { lostEmailReason } from '../../src/server/services/delivery/lost-email.js';
import type { Mailer, OutgoingEmail } from '../../src/server/email/transport.js';
import { payCheckout, pendingGift } from '../helpers/gifts.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { readGiftRow } from '../helpers/gift-row.js';

const tried: OutgoingEmail[] = [];
const downMailer: Mailer = {
  kind: 'smtp',
  async send(email) {
    tried.push(email);
    throw new Error('connect ECONNREFUSED 127.0.0.1:25');
  },
  async close() {},
};

describeEachEngine(
  'e-mail the outbox cannot deliver',
  (ctx) => {
    // The outbox job as the server schedules it, with its hooks (the mailer is the one that is down).
    const deliver = () =>
      scheduledJobs(ctx().deps)
        .find((job) => job.name === 'outbox')!
        .run();
    const attention = async (giftId: number) => (await readGiftRow(ctx().db, giftId))!.needsAttention;

    it('a claim e-mail: retried on the back-off, then marked failed with its error after the last attempt', async () => {
      // Whatever earlier tests queued fails now and is out of the way of the exact counts below.
      ctx().clock.advance(30 * DAY);
      for (let i = 0; i <= OUTBOX_MAX_ATTEMPTS; i++) {
        await deliver();
        ctx().clock.advance(DAY);
      }
      // The payment queues the recipient's claim e-mail (and the sender's receipt, which fails alike).
      const gift = await payCheckout(ctx(), await pendingGift(ctx()));
      const [queued] = await ctx()
        .db.select()
        .from(outbox)
        .where(and(eq(outbox.giftId, gift.id), eq(outbox.kind, 'gift-notification')));
      expect(queued!.toAddress).toBe(gift.recipientEmail);
      tried.length = 0;

      for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
        expect(await deliver()).toEqual({ sent: 0, failed: 2 });
        const [row] = await ctx().db.select().from(outbox).where(eq(outbox.id, queued!.id));
        expect(row!.attempts).toBe(attempt);
        expect(row!.lastError).toBe('connect ECONNREFUSED 127.0.0.1:25');
        expect(row!.sentAt).toBeNull();
        if (attempt < OUTBOX_MAX_ATTEMPTS) {
          expect(row!.failedAt).toBeNull();
          expect(await attention(gift.id)).toBeNull();
          expect(row!.nextAttemptAt).toEqual(new Date(ctx().clock.now().getTime() + backoffMs(attempt)));
          ctx().clock.advance(backoffMs(attempt) - 1);
          expect(await deliver()).toEqual({ sent: 0, failed: 0 });
          ctx().clock.advance(1);
        } else {
          expect(row!.failedAt).toEqual(ctx().clock.now());
          expect(await attention(gift.id)).toBe(lostEmailReason('connect ECONNREFUSED 127.0.0.1:25'));
        }
      }
      expect(tried.map((m) => m.to).filter((to) => to !== gift.senderEmail)).toEqual(
        Array(OUTBOX_MAX_ATTEMPTS).fill(gift.recipientEmail),
      );

      ctx().clock.advance(7 * DAY);
      expect(await deliver()).toEqual({ sent: 0, failed: 0 });
      expect(tried).toHaveLength(2 * OUTBOX_MAX_ATTEMPTS);
    });
  },
  { mailer: () => downMailer },
);
