// After payment (decision 016), with time injected: a scheduled gift is delivered at 09:00 in the sender's zone
// on its day and expires 30 days later; reminders go out 7 days and 1 day before expiry, once each, none after a
// claim starts; a permanent SMTP refusal marks the gift undeliverable and tells the sender; after a claim the
// recipient may send one thank-you note, which reaches the sender and nothing about them reaches the recipient.
import { eq } from 'drizzle-orm';
import { gifts, outbox } from '../../src/server/db/schema.js';
import { DAY, HOUR, MINUTE } from '../../src/server/clock.js';
import { deliverScheduledGifts } from '../../src/server/services/delivery/deliver-scheduled.js';
import { sendDueReminders } from '../../src/server/services/delivery/reminders.js';
import { scheduledJobs } from '../../src/server/jobs/index.js';
import { sandboxWithStripeWebhooks } from '../helpers/gift-payload.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import { complete, sendThankYouNote, setAccountStatus, startClaim } from '../helpers/claims.js';
import { CLAIM_MESSAGES } from '../../src/shared/schemas/claim.js';
import { postGift, giftPayload } from '../helpers/gift-payload.js';
import { GIFT_SENDER, claimLinkIn, lookup, manage, manageLinkIn, newMailTo, paidGift } from '../helpers/gift-page.js';
import { giftRowColumns } from '../helpers/gift-row.js';

const row = async (c: TestContext, id: number) =>
  (await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, id)))[0]!;
const events = async (c: TestContext, token: string) =>
  ((await manage(c, token)).json().timeline as Array<{ event: string }>).map((e) => e.event);

describeEachEngine(
  'after payment',
  (ctx) => {
    it('delivers a scheduled gift at 09:00 in the sender’s time zone on its day, not at payment', async () => {
      const c = ctx();
      c.clock.set('2026-03-01T15:00:00Z');
      const seen = new Set<number>();
      const { gift, manageToken, claimToken, recipientEmail, receipt } = await paidGift(c, {
        delivery: { date: '2026-03-10', timeZone: 'America/New_York' },
      });
      // 09:00 EDT (daylight saving started March 8) is 13:00 UTC; the claim window starts on delivery.
      expect(gift.deliverAt).toEqual(new Date('2026-03-10T13:00:00Z'));
      expect(gift.expiresAt).toEqual(new Date('2026-04-09T13:00:00Z'));
      expect(gift.notifiedAt).toBeNull();
      expect(claimToken).toBeUndefined();
      expect(receipt.textBody).toContain('scheduled: Rita gets it on March 10, 2026 at 9:00 AM (America/New_York)');
      const page = (await manage(c, manageToken)).json();
      expect(page).toMatchObject({
        stage: 'scheduled',
        deliverAt: '2026-03-10T13:00:00.000Z',
        deliveryTimeZone: 'America/New_York',
      });
      expect(page.actions).toMatchObject({ reschedule: true, resend: false, cancel: true });
      expect(await events(c, manageToken)).toEqual(['paid', 'scheduled']);

      c.clock.set('2026-03-10T12:59:00Z');
      expect(await deliverScheduledGifts(c.deps)).toEqual({ delivered: 0 });
      expect(await newMailTo(c, recipientEmail, seen)).toHaveLength(0);
      c.clock.set('2026-03-10T13:00:00Z');
      const job = scheduledJobs(c.deps).find((j) => j.name === 'delivery')!;
      const [first, second] = await Promise.all([job.run(), deliverScheduledGifts(c.deps)]);
      expect([first, second]).toContainEqual({ delivered: 1 });
      expect(await deliverScheduledGifts(c.deps)).toEqual({ delivered: 0 });
      const mail = await newMailTo(c, recipientEmail, seen);
      expect(mail).toHaveLength(1);
      expect((await lookup(c, claimLinkIn(mail[0]!.textBody)!)).statusCode).toBe(200);
      expect((await row(c, gift.id)).notifiedAt).toEqual(new Date('2026-03-10T13:00:00Z'));
      expect((await manage(c, manageToken)).json().stage).toBe('delivered');
    });

    it('validates the delivery day (today up to 90 days ahead in the sender’s zone) and lets the sender move it', async () => {
      const c = ctx();
      c.clock.set('2026-05-01T02:00:00Z'); // still April 30 in Los Angeles
      const bad = async (delivery: unknown) => {
        const res = await postGift(c, { ...giftPayload(), delivery });
        expect(res.statusCode).toBe(400);
        return res.json().message as string;
      };
      expect(await bad({ date: '2026-04-29', timeZone: 'America/Los_Angeles' })).toMatch(/cannot be in the past/);
      expect(await bad({ date: '2026-07-30', timeZone: 'America/Los_Angeles' })).toMatch(/at most 90 days ahead/);
      expect(await bad({ date: '2026-05-03', timeZone: 'Mars/Olympus' })).toMatch(/Time zone is not valid/);
      expect(await bad({ date: '3 May', timeZone: 'UTC' })).toMatch(/Delivery date must be a date/);
      expect(
        (await postGift(c, { ...giftPayload(), delivery: { date: '2026-04-30', timeZone: 'America/Los_Angeles' } }))
          .statusCode,
      ).toBe(201);
      expect(
        (await postGift(c, { ...giftPayload(), delivery: { date: '2026-07-29', timeZone: 'America/Los_Angeles' } }))
          .statusCode,
      ).toBe(201);

      const { gift, manageToken } = await paidGift(c, { delivery: { date: '2026-06-01', timeZone: 'Europe/Berlin' } });
      const moved = await manage(c, manageToken, 'delivery-date', { date: '2026-06-15' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().deliverAt).toBe('2026-06-15T07:00:00.000Z');
      expect((await row(c, gift.id)).expiresAt).toEqual(new Date('2026-07-15T07:00:00Z'));
      expect((await manage(c, manageToken, 'delivery-date', { date: '2026-12-01' })).statusCode).toBe(400);
      // Corrected before delivery: the e-mail goes only to the new address, on the day.
      expect(
        (await manage(c, manageToken, 'recipient-email', { recipientEmail: 'fixed.early@example.com' })).statusCode,
      ).toBe(200);
      expect(await c.db.select().from(outbox).where(eq(outbox.giftId, gift.id))).toHaveLength(1); // the receipt only
      c.clock.set('2026-06-15T07:00:00Z');
      await deliverScheduledGifts(c.deps);
      expect(await newMailTo(c, 'fixed.early@example.com', new Set())).toHaveLength(1);
      const late = await manage(c, manageToken, 'delivery-date', { date: '2026-06-20' });
      expect(late.statusCode).toBe(409);
    });

    it('reminds 7 days and 1 day before expiry, each once, with a fresh link that claims the same gift', async () => {
      const c = ctx();
      const seen = new Set<number>();
      const { gift, manageToken, claimToken, recipientEmail } = await paidGift(c);
      await newMailTo(c, recipientEmail, seen);
      const expires = gift.expiresAt!.getTime();

      // Other gifts of this file share the database: count this gift's reminders by its recipient's mailbox.
      c.clock.set(new Date(expires - 7 * DAY - MINUTE));
      await sendDueReminders(c.deps);
      expect(await newMailTo(c, recipientEmail, seen)).toHaveLength(0);
      c.clock.set(new Date(expires - 7 * DAY));
      await Promise.all([
        sendDueReminders(c.deps),
        sendDueReminders(c.deps),
        scheduledJobs(c.deps)
          .find((j) => j.name === 'reminders')!
          .run(),
      ]);
      c.clock.advance(HOUR);
      await sendDueReminders(c.deps);
      const sevens = await newMailTo(c, recipientEmail, seen);
      expect(sevens).toHaveLength(1);
      const seven = sevens[0];
      expect(seven!.subject).toBe('Reminder: your gift of $50.00 expires in 7 days');
      expect(seven!.textBody).not.toContain('Happy birthday!');
      const reminderToken = claimLinkIn(seven!.textBody)!;
      expect(reminderToken).not.toBe(claimToken);
      expect((await lookup(c, reminderToken)).statusCode).toBe(200);
      expect((await lookup(c, claimToken!)).statusCode).toBe(200);

      c.clock.set(new Date(expires - DAY));
      await sendDueReminders(c.deps);
      await sendDueReminders(c.deps);
      const ones = await newMailTo(c, recipientEmail, seen);
      expect(ones).toHaveLength(1);
      const one = ones[0];
      expect(one!.subject).toBe('Reminder: your gift of $50.00 expires tomorrow');
      expect(await events(c, manageToken)).toEqual(['paid', 'delivered', 'reminder', 'reminder']);
      // A claim through the reminder's link is the same gift's claim.
      await startClaim(c, reminderToken);
      expect((await row(c, gift.id)).claimStartedAt).not.toBeNull();
    });

    it('sends no reminder once claiming has started, and only the 1-day one when the 7-day window was missed', async () => {
      const c = ctx();
      const started = await paidGift(c);
      await startClaim(c, started.claimToken!);
      const missed = await paidGift(c);
      c.clock.set(new Date(missed.gift.expiresAt!.getTime() - 12 * HOUR));
      await sendDueReminders(c.deps);
      expect((await newMailTo(c, started.recipientEmail, new Set())).map((m) => m.subject)).toEqual([
        expect.stringMatching(/anonymous gift/),
      ]);
      const toMissed = (await newMailTo(c, missed.recipientEmail, new Set())).map((m) => m.subject);
      expect(toMissed).toEqual([
        expect.stringMatching(/anonymous gift/),
        'Reminder: your gift of $50.00 expires tomorrow',
      ]);
    });

    it('marks a permanently refused address undeliverable, tells the sender once, and a correction delivers it', async () => {
      const c = ctx();
      const seen = new Set<number>();
      await newMailTo(c, GIFT_SENDER.email, seen);
      const { gift, manageToken } = await paidGift(c, { recipientEmail: 'nobody@bounce.invalid' });
      const [failed] = await c.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `gift:${gift.id}:notify`));
      expect(failed!.failedAt).not.toBeNull();
      expect(failed!.attempts).toBe(1); // not retried: a 5xx is final
      expect(failed!.lastError).toMatch(/^550 /);
      expect((await row(c, gift.id)).undeliverableAt).not.toBeNull();

      const notices = (await newMailTo(c, GIFT_SENDER.email, seen)).filter((m) => /could not deliver/.test(m.subject));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.subject).toBe('We could not deliver your gift to Rita');
      expect(notices[0]!.textBody).toContain('n***@bounce.invalid');
      const fromNotice = manageLinkIn(notices[0]!.textBody)!;
      const page = (await manage(c, fromNotice)).json();
      expect(page.stage).toBe('undeliverable');
      expect(page.timeline.map((e: { event: string }) => e.event)).toEqual(['paid', 'bounced']);
      // The admin list says so.
      await setupAdmin(c);
      const list = await c.app.inject({
        method: 'GET',
        url: '/api/admin/gifts/recent',
        headers: { cookie: await adminCookie(c) },
      });
      const listed = (list.json() as Array<{ id: number; delivery: string }>).find((g) => g.id === gift.id);
      expect(listed!.delivery).toBe('undeliverable');

      expect(
        (await manage(c, manageToken, 'recipient-email', { recipientEmail: 'nobody@example.com' })).statusCode,
      ).toBe(200);
      expect(await newMailTo(c, 'nobody@example.com', new Set())).toHaveLength(1);
      expect((await manage(c, manageToken)).json().stage).toBe('delivered');
      expect(await newMailTo(c, GIFT_SENDER.email, seen)).toHaveLength(0);
    });

    it('takes one thank-you note after a claim, e-mails it to the sender, and answers the recipient nothing about them', async () => {
      const c = ctx();
      const { gift, manageToken, claimToken } = await paidGift(c);
      const thank = (note: unknown) => sendThankYouNote(c, claimToken!, note);
      // Before the answer there is no claim session: the link alone writes nothing to the sender.
      expect((await thank('Too early')).statusCode).toBe(404);
      const account = await startClaim(c, claimToken!);
      expect((await thank('Still too early')).statusCode).toBe(409);
      await setAccountStatus(c, account, 'verified');
      expect((await complete(c, claimToken!)).json().success).toBe(true);
      // Someone else holding the link, after the claim: answered as for an unknown gift.
      const stranger = await sendThankYouNote(c, claimToken!, 'Not the recipient', '');
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe(CLAIM_MESSAGES.notFound);

      expect((await thank('')).statusCode).toBe(400);
      expect((await thank('x'.repeat(501))).json().message).toMatch(/at most 500 characters/);
      const note = 'Thank you so much! <b>bold</b> https://evil.example/x';
      const answers = await Promise.all([thank(note), thank('a second note')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const ok = answers.find((a) => a.statusCode === 200)!;
      expect(ok.json()).toEqual({ message: 'Your note is on its way. Thank you!' });
      const sentNote = (await row(c, gift.id)).thankYouNote!;

      const [mail] = (await c.flushEmails()).filter(
        (m) => m.toAddress === GIFT_SENDER.email && /thank-you note/.test(m.subject),
      );
      expect(mail!.subject).toBe('Rita sent you a thank-you note');
      expect(mail!.textBody).toContain(`> ${sentNote}`);
      // The note's URL is not a link and its markup is escaped.
      expect(mail!.htmlBody).not.toContain('href="https://evil.example');
      if (sentNote === note) expect(mail!.htmlBody).toContain('&lt;b&gt;bold&lt;/b&gt;');
      const page = (await manage(c, manageToken)).json();
      expect(page.thankYou.note).toBe(sentNote);
      expect(page.timeline.map((e: { event: string }) => e.event).at(-1)).toBe('thank_you');
    });

    it('anonymity: nothing the recipient can reach after payment carries a byte of the sender or the gift page link', async () => {
      const c = ctx();
      const { gift, manageToken, claimToken, recipientEmail } = await paidGift(c);
      const secrets = ['Zelda', 'Quill', 'zelda', 'quill', 'sender.example', manageToken];
      const reached: string[] = [];
      const seen = new Set<number>();
      // Resend, a correction, both reminders: every e-mail the recipient gets.
      c.clock.advance(HOUR);
      await manage(c, manageToken, 'resend');
      const corrected = `moved.${gift.id}@example.com`;
      await manage(c, manageToken, 'recipient-email', { recipientEmail: corrected });
      c.clock.set(new Date(gift.expiresAt!.getTime() - 7 * DAY));
      await sendDueReminders(c.deps);
      c.clock.set(new Date(gift.expiresAt!.getTime() - DAY));
      await sendDueReminders(c.deps);
      const mails = [...(await newMailTo(c, recipientEmail, seen)), ...(await newMailTo(c, corrected, seen))];
      expect(mails.map((m) => m.subject)).toEqual([
        "You've received an anonymous gift of $50.00",
        "You've received an anonymous gift of $50.00",
        "You've received an anonymous gift of $50.00",
        'Reminder: your gift of $50.00 expires in 7 days',
        'Reminder: your gift of $50.00 expires tomorrow',
      ]);
      for (const m of mails) reached.push(m.subject, m.textBody, m.htmlBody ?? '');
      // The pages and answers of the claim, and the thank-you answer.
      const token = claimLinkIn(mails.at(-1)!.textBody)!;
      expect(claimToken).toBeDefined();
      reached.push((await lookup(c, token)).body, (await c.app.inject({ method: 'GET', url: `/claim/${token}` })).body);
      const account = await startClaim(c, token);
      await setAccountStatus(c, account, 'verified');
      reached.push((await complete(c, token)).body);
      const thanks = await sendThankYouNote(c, token, 'Thanks!');
      expect(thanks.statusCode).toBe(200);
      reached.push(
        thanks.body,
        ...(await newMailTo(c, corrected, seen)).flatMap((m) => [m.subject, m.textBody, m.htmlBody ?? '']),
      );
      for (const text of reached) for (const secret of secrets) expect(text).not.toContain(secret);
    });
  },
  { payments: sandboxWithStripeWebhooks },
);
