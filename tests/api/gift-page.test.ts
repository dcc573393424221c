// The sender's gift page (decision 016): the receipt's private link opens the gift and its timeline; the sender may
// correct the recipient's address (3 times, rotating the claim link), resend the e-mail (once per 24 h) and cancel
// (refunded through the expiry's path, exactly once, never together with a claim); nothing changes once claiming
// has started; the page and the claim link never open each other.
import { eq, inArray } from 'drizzle-orm';
import { giftLinks, gifts, sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import { sha256 } from '../../src/server/crypto.js';
import { DAY, HOUR } from '../../src/server/clock.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { sandboxWithStripeWebhooks } from '../helpers/gift-payload.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { claim, complete, setAccountStatus, startClaim } from '../helpers/claims.js';
import { seedDonor, signInDonor } from '../helpers/donors.js';
import { GIFT_SENDER, claimLinkIn, lookup, manage, newMailTo, paidGift } from '../helpers/gift-page.js';
import { settledRefundRef } from '../helpers/money.js';
import { giftRowColumns } from '../helpers/gift-row.js';

describeEachEngine(
  'sender gift page',
  (ctx) => {
    it('opens from the receipt link with the gift, the masked address and a timeline; the token is stored hashed', async () => {
      const c = ctx();
      const { gift, manageToken, claimToken, receipt } = await paidGift(c, {
        amountCents: 5000,
        tipCents: 300,
        recipientEmail: 'rita.r@example.com',
        securityQuestion: "What is your pet's name?",
        securityAnswerHash: 'Rex',
      });
      expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(receipt.textBody).not.toContain('cannot be cancelled');
      const links = await c.db.select().from(giftLinks).where(eq(giftLinks.giftId, gift.id));
      expect(links).toEqual([expect.objectContaining({ tokenHash: sha256(manageToken), purpose: 'manage' })]);
      expect(gift.claimTokenHash).not.toBe(sha256(manageToken));

      const res = await manage(c, manageToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const page = res.json();
      expect(page).toMatchObject({
        stage: 'delivered',
        amount: '50.00',
        fee: '2.80',
        tip: '3.00',
        recipientFirstName: 'Rita',
        recipientEmailMasked: 'r***@example.com',
        personalNote: 'Happy birthday!',
        hasSecurityQuestion: true,
        deliverAt: null,
        thankYou: null,
        riskNotice: null,
        actions: {
          correctEmail: true,
          correctionsLeft: 3,
          resend: true,
          resendAvailableAt: null,
          cancel: true,
          reschedule: false,
        },
      });
      expect(page.timeline.map((e: { event: string }) => e.event)).toEqual(['paid', 'delivered']);
      expect(JSON.stringify(page)).not.toContain('rita.r@');

      // The two links never open each other's side.
      expect((await manage(c, claimToken!)).statusCode).toBe(404);
      expect((await lookup(c, manageToken)).statusCode).toBe(404);
      const bad = await manage(c, 'not-a-token');
      expect(bad.statusCode).toBe(404);
      expect(bad.json().message).toMatch(/receipt e-mail/);
    });

    it('corrects the address: old claim link dead, new one works and goes to the new address; at most 3 times', async () => {
      const c = ctx();
      const seen = new Set<number>();
      const { gift, manageToken, claimToken } = await paidGift(c, { recipientEmail: 'typo@exmaple.com' });
      expect((await lookup(c, claimToken!)).statusCode).toBe(200);

      const invalid = await manage(c, manageToken, 'recipient-email', { recipientEmail: 'not an address' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toMatch(/valid email/);
      const same = await manage(c, manageToken, 'recipient-email', { recipientEmail: 'TYPO@exmaple.com' });
      expect(same.statusCode).toBe(400);

      const ok = await manage(c, manageToken, 'recipient-email', { recipientEmail: 'right@example.com' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ recipientEmailMasked: 'r***@example.com', actions: { correctionsLeft: 2 } });
      expect((await lookup(c, claimToken!)).statusCode).toBe(404);
      const [notice] = await newMailTo(c, 'right@example.com', seen);
      const fresh = claimLinkIn(notice!.textBody)!;
      expect((await lookup(c, fresh)).statusCode).toBe(200);
      expect(await newMailTo(c, 'typo@exmaple.com', new Set())).toHaveLength(1); // only the first, nothing new

      expect((await manage(c, manageToken, 'recipient-email', { recipientEmail: 'two@example.com' })).statusCode).toBe(
        200,
      );
      expect(
        (await manage(c, manageToken, 'recipient-email', { recipientEmail: 'three@example.com' })).statusCode,
      ).toBe(200);
      const fourth = await manage(c, manageToken, 'recipient-email', { recipientEmail: 'four@example.com' });
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json().message).toMatch(/at most 3 times/);
      const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
      expect(row).toMatchObject({ recipientEmail: 'three@example.com', emailCorrections: 3 });
      await c.flushEmails();
      const page = (await manage(c, manageToken)).json();
      expect(page.actions).toMatchObject({ correctEmail: false, correctionsLeft: 0 });
      // Each delivery names its address masked: the current one, the corrected ones as earlier addresses.
      expect(
        page.timeline
          .filter((e: { event: string }) => e.event === 'delivered')
          .map((e: { detail: string | null }) => e.detail),
      ).toEqual(['an earlier address', 'an earlier address', 'an earlier address', 't***@example.com']);
    });

    it('resends with a fresh link once per 24 hours', async () => {
      const c = ctx();
      const seen = new Set<number>();
      const { manageToken, claimToken, recipientEmail } = await paidGift(c);
      await newMailTo(c, recipientEmail, seen);
      const first = await manage(c, manageToken, 'resend');
      expect(first.statusCode).toBe(200);
      expect(first.json().actions).toMatchObject({
        resend: false,
        resendAvailableAt: new Date(c.clock.now().getTime() + DAY).toISOString(),
      });
      const [again] = await newMailTo(c, recipientEmail, seen);
      const fresh = claimLinkIn(again!.textBody)!;
      expect(fresh).not.toBe(claimToken);
      expect((await lookup(c, claimToken!)).statusCode).toBe(404);
      expect((await lookup(c, fresh)).statusCode).toBe(200);

      c.clock.advance(23 * HOUR);
      const early = await manage(c, manageToken, 'resend');
      expect(early.statusCode).toBe(429);
      expect(early.headers['retry-after']).toBe(String(3600));
      expect(await newMailTo(c, recipientEmail, seen)).toHaveLength(0);
      c.clock.advance(HOUR);
      expect((await manage(c, manageToken, 'resend')).statusCode).toBe(200);
      expect(await newMailTo(c, recipientEmail, seen)).toHaveLength(1);
    });

    it('cancels: the gift amount is refunded once (fee and tip kept), the claim link dies, nothing more can change', async () => {
      const c = ctx();
      const { gift, manageToken, claimToken } = await paidGift(c, { amountCents: 7000, tipCents: 500 });
      const answers = await Promise.all(Array.from({ length: 4 }, () => manage(c, manageToken, 'cancel')));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const refunds = await c.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, gift.paymentIntentId!));
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amountCents).toBe(7000);
      const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
      expect(row).toMatchObject({ status: 'refunded', transferStartedAt: null });
      expect(await settledRefundRef(c.db, gift.id)).toBe(refunds[0]!.id);
      expect(row!.cancelledAt).toEqual(c.clock.now());

      const page = (await manage(c, manageToken)).json();
      expect(page.stage).toBe('refunded');
      expect(page.timeline.map((e: { event: string }) => e.event)).toEqual([
        'paid',
        'delivered',
        'cancelled',
        'refunded',
      ]);
      expect(page.actions).toMatchObject({ correctEmail: false, resend: false, cancel: false, reschedule: false });
      expect((await lookup(c, claimToken!)).statusCode).toBe(404);
      expect((await claim(c, claimToken!, {})).statusCode).toBe(404);
      expect((await manage(c, manageToken, 'resend')).statusCode).toBe(409);

      const [notice] = (await c.flushEmails()).filter(
        (m) => m.toAddress === GIFT_SENDER.email && /refunded/.test(m.subject),
      );
      expect(notice!.textBody).toContain('You cancelled your anonymous gift of $70.00');
      expect(notice!.textBody).toContain('The processing fee ($3.80) and your platform tip ($5.00) are not refunded.');
      // The expiry job later does not refund it again.
      c.clock.advance(31 * DAY);
      await processExpired(c.deps);
      expect(
        await c.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, row!.paymentIntentId!)),
      ).toHaveLength(1);
    });

    it('changes nothing once the recipient has started claiming', async () => {
      const c = ctx();
      const { manageToken, claimToken } = await paidGift(c);
      await startClaim(c, claimToken!);
      for (const [action, body] of [
        ['recipient-email', { recipientEmail: 'late@example.com' }],
        ['resend', undefined],
        ['cancel', undefined],
      ] as const) {
        const res = await manage(c, manageToken, action, body);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(
          'The recipient has already started claiming this gift, so it can no longer be changed.',
        );
      }
      const page = (await manage(c, manageToken)).json();
      expect(page.stage).toBe('claim_started');
      expect(page.actions).toMatchObject({ correctEmail: false, resend: false, cancel: false });
      expect(page.timeline.map((e: { event: string }) => e.event)).toEqual(['paid', 'delivered', 'claim_started']);
    });

    it('claim racing cancel: each gift ends with exactly one of a transfer or a refund', async () => {
      const c = ctx();
      const gifts_ = await Promise.all(Array.from({ length: 6 }, () => paidGift(c)));
      const outcomes = await Promise.all(
        gifts_.map(async (g) => {
          const [claimed, cancelled] = await Promise.all([
            claim(c, g.claimToken!, {}),
            manage(c, g.manageToken, 'cancel'),
          ]);
          return { g, claimed: claimed.statusCode, cancelled: cancelled.statusCode };
        }),
      );
      for (const { g, claimed, cancelled } of outcomes) {
        // Exactly one side wins the gift's row.
        expect([claimed, cancelled].filter((s) => s === 200)).toHaveLength(1);
        if (claimed === 200) {
          const [row] = await c.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, g.gift.id));
          await setAccountStatus(c, row!.recipientAccountId!, 'verified');
          expect((await complete(c, g.claimToken!)).json().success).toBe(true);
        }
      }
      c.clock.advance(40 * DAY);
      await processExpired(c.deps);
      const ids = gifts_.map((g) => g.gift.id);
      const rows = await c.db.select(giftRowColumns).from(gifts).where(inArray(gifts.id, ids));
      const transfers = await c.db.select().from(sandboxTransfers);
      const refunds = await c.db.select().from(sandboxRefunds);
      for (const row of rows) {
        const transferred = transfers.filter((t) => t.transferGroup === row.publicId).length;
        const refunded = refunds.filter((r) => r.paymentIntentId === row.paymentIntentId).length;
        expect(transferred + refunded).toBe(1);
        expect(row.status).toBe(transferred ? 'claimed' : 'refunded');
      }
    });

    it("opens from a donor's history through a fresh link, only for the donor's own gifts", async () => {
      const c = ctx();
      const donor = await seedDonor(c, { email: GIFT_SENDER.email });
      const cookie = `hg_donor=${await signInDonor(c, donor)}`;
      const other = await seedDonor(c, { email: 'other.donor@example.com' });
      const otherCookie = `hg_donor=${await signInDonor(c, other)}`;
      const { gift } = await paidGift(c);
      await c.db.update(gifts).set({ donorId: donor.id }).where(eq(gifts.id, gift.id));

      const link = await c.app.inject({
        method: 'POST',
        url: `/api/donor/gifts/${gift.publicId}/manage-link`,
        headers: { cookie },
      });
      expect(link.statusCode).toBe(200);
      const path = link.json().path as string;
      expect(path).toMatch(/^\/gift\/manage\/[A-Za-z0-9_-]{43}$/);
      expect((await manage(c, path.split('/').pop()!)).json().amount).toBe('50.00');

      const foreign = await c.app.inject({
        method: 'POST',
        url: `/api/donor/gifts/${gift.publicId}/manage-link`,
        headers: { cookie: otherCookie },
      });
      expect(foreign.statusCode).toBe(404);
      expect(
        (await c.app.inject({ method: 'POST', url: `/api/donor/gifts/${gift.publicId}/manage-link` })).statusCode,
      ).toBe(401);
    });
  },
  { payments: sandboxWithStripeWebhooks },
);
