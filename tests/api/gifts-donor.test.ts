// Donor opt-in on the sender side: find-or-create the donor by e-mail, link the gift, keep the link only when
// the checkout e-mail is the donor's, and send the sign-in link after an opted-in payment.
import { eq, sql } from 'drizzle-orm';
import { donorLoginTokens, donors, gifts, sandboxCheckouts } from '../../src/server/db/schema.js';
import { createSession } from '../../src/server/services/sessions.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { checkoutEvent, createPendingGift, postEvent, sandboxWithStripeWebhooks } from '../helpers/gift-payload.js';

describeEachEngine(
  'donor opt-in when sending',
  (ctx) => {
    const reload = async (id: number) => (await ctx().db.select().from(gifts).where(eq(gifts.id, id)))[0]!;
    const donorByEmail = async (email: string) =>
      ctx()
        .db.select()
        .from(donors)
        .where(eq(sql`lower(${donors.email})`, email.toLowerCase()));
    const optIn = (email: string) => ({ donorAccount: { firstName: 'Dana', lastName: 'Donor', email } });

    it('creates the donor, links the gift, prefills checkout, and on a matching payment keeps it and e-mails a sign-in link', async () => {
      const gift = await createPendingGift(ctx(), optIn('dana@example.com'));
      const [donor] = await donorByEmail('dana@example.com');
      expect(donor).toMatchObject({ firstName: 'Dana', lastName: 'Donor' });
      expect(gift.donorId).toBe(donor!.id);
      const [checkout] = await ctx()
        .db.select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, gift.checkoutSessionId!));
      expect(checkout!.customerEmail).toBe('dana@example.com');

      await postEvent(ctx(), checkoutEvent(gift, { email: 'DANA@example.com', metadata: { donor_opt_in: 'true' } }));
      expect((await reload(gift.id)).donorId).toBe(donor!.id);
      expect(await ctx().db.$count(donorLoginTokens, eq(donorLoginTokens.donorId, donor!.id))).toBe(1);
      const signIn = (await ctx().flushEmails()).filter(
        (m) => m.toAddress === 'dana@example.com' && m.subject === 'Your Hushgift sign-in link',
      );
      expect(signIn).toHaveLength(1);
      // The recipient sees nothing of it.
      const notice = (await ctx().flushEmails()).find((m) => m.toAddress === gift.recipientEmail)!;
      expect(notice.textBody).not.toMatch(/Dana|Donor|dana@/);
    });

    it('reuses the donor for the same e-mail in any case, also when two gifts are created in parallel', async () => {
      const [a, b] = await Promise.all([
        createPendingGift(ctx(), optIn('twice@example.com')),
        createPendingGift(ctx(), optIn('Twice@Example.com')),
      ]);
      const rows = await donorByEmail('twice@example.com');
      expect(rows).toHaveLength(1);
      expect(a.donorId).toBe(rows[0]!.id);
      expect(b.donorId).toBe(rows[0]!.id);
    });

    it('unlinks the donor when someone else pays, and sends no sign-in link', async () => {
      const gift = await createPendingGift(ctx(), optIn('victim@example.com'));
      expect(gift.donorId).not.toBeNull();
      await postEvent(
        ctx(),
        checkoutEvent(gift, { email: 'other.payer@example.com', metadata: { donor_opt_in: 'true' } }),
      );
      const row = await reload(gift.id);
      expect(row.status).toBe('paid');
      expect(row.donorId).toBeNull();
      expect(await ctx().db.$count(donorLoginTokens, eq(donorLoginTokens.donorId, gift.donorId!))).toBe(0);
      expect((await ctx().flushEmails()).filter((m) => m.toAddress === 'victim@example.com')).toHaveLength(0);
    });

    it('links a signed-in donor without an opt-in, and sends no sign-in link on payment', async () => {
      const [donor] = await ctx()
        .db.insert(donors)
        .values({ email: 'signed.in@example.com', firstName: 'Sid', lastName: 'In', createdAt: ctx().clock.now() })
        .returning();
      const cookie = await createSession(ctx().db, ctx().clock, 'donor', donor!.id);
      const gift = await createPendingGift(ctx(), {}, { cookie: `hg_donor=${cookie}` });
      expect(gift.donorId).toBe(donor!.id);
      const [checkout] = await ctx()
        .db.select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, gift.checkoutSessionId!));
      expect(checkout!.customerEmail).toBe('signed.in@example.com');
      await postEvent(ctx(), checkoutEvent(gift, { email: 'signed.in@example.com' }));
      expect((await reload(gift.id)).donorId).toBe(donor!.id);
      expect(await ctx().db.$count(donorLoginTokens, eq(donorLoginTokens.donorId, donor!.id))).toBe(0);
    });

    it('ignores an invalid donor session and links nobody', async () => {
      const gift = await createPendingGift(ctx(), {}, { cookie: 'hg_donor=not-a-session' });
      expect(gift.donorId).toBeNull();
    });

    it('without an opt-in creates no donor', async () => {
      const before = await ctx().db.$count(donors);
      const gift = await createPendingGift(ctx(), { donorAccount: null });
      expect(gift.donorId).toBeNull();
      expect(await ctx().db.$count(donors)).toBe(before);
    });
  },
  { payments: sandboxWithStripeWebhooks },
);
