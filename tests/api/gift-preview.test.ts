// "See what they'll see" (issue 25 point 1): POST /api/gifts/preview answers the claim e-mail exactly as its
// template draws it for this gift (example link and code), and the claim page's data as the claim lookup answers
// it: the note on the page (behind a question, once the answer opens it), never in the e-mail; nothing of the
// sender, even when a signed-in donor asks.
import { giftNotificationEmail } from '../../src/server/email/templates/gift-notification.js';
import { recipientLinkUrl } from '../../src/server/services/recipient-rights/address-links.js';
import { DAY } from '../../src/server/clock.js';
import { CLAIM_WINDOW_DAYS } from '../../src/shared/constants.js';
import { gifts } from '../../src/server/db/schema.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { seedDonor, signInDonor } from '../helpers/donors.js';

const GIFT = {
  amount: '42.50',
  recipientFirstName: 'Rita',
  securityQuestion: 'Name of our first cat?',
  personalNote: 'Happy birthday, Rita!',
};

describeEachEngine('gift preview', (ctx) => {
  const preview = (payload: unknown, cookies: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: '/api/gifts/preview', payload: payload as object, cookies });

  it("answers the claim e-mail from its template and the claim page's data, storing nothing", async () => {
    const res = await preview(GIFT);
    expect(res.statusCode).toBe(200);
    const { publicUrl } = ctx().deps.config;
    const expected = giftNotificationEmail({
      recipientFirstName: 'Rita',
      amountCents: 4250,
      hasPersonalNote: true,
      claimUrl: `${publicUrl}/claim/example`,
      expiresAt: new Date(ctx().clock.now().getTime() + CLAIM_WINDOW_DAYS * DAY),
      hasSecurityQuestion: true,
      publicUrl,
      verificationCode: 'XXXX-XXXX',
      stopAllUrl: recipientLinkUrl(publicUrl, 'stop-all', 'example'),
    });
    const body = res.json();
    expect(body.email).toEqual(expected);
    expect(body.email.subject).toBe("You've received an anonymous gift of $42.50");
    expect(body.email.text).toContain('/claim/example');
    expect(body.email.text).toContain('XXXX-XXXX');
    // The note stays out of the e-mail (decision 012), which only says one came.
    expect(body.email.text).not.toContain('Happy birthday');
    expect(body.email.html).not.toContain('Happy birthday');
    expect(body.email.text).toContain('A personal note came with it');
    // Behind the question the note is the answer's to open, as on the real claim page (issue 25 point 1).
    expect(body.claimPage).toEqual({
      recipientFirstName: 'Rita',
      amount: '42.50',
      personalNote: null,
      hasSecurityQuestion: true,
      securityQuestion: 'Name of our first cat?',
    });
    expect(body.afterAnswer).toEqual({ personalNote: 'Happy birthday, Rita!' });
    expect(await ctx().db.$count(gifts)).toBe(0);
  });

  it('without a question, shows the note on the claim page itself', async () => {
    const res = await preview({ ...GIFT, securityQuestion: '' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.claimPage).toMatchObject({ personalNote: 'Happy birthday, Rita!', hasSecurityQuestion: false });
    expect(body.afterAnswer).toEqual({ personalNote: null });
  });

  it('without a note or question, says neither', async () => {
    const res = await preview({ amount: '10', recipientFirstName: 'Sam' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.email.text).not.toMatch(/personal note|security question/);
    expect(body.claimPage).toMatchObject({ personalNote: null, hasSecurityQuestion: false, securityQuestion: null });
    expect(body.afterAnswer).toEqual({ personalNote: null });
  });

  it('tells nothing of a signed-in donor and takes no sender field', async () => {
    const donor = await seedDonor(ctx(), { email: 'dana.sender@example.com', firstName: 'Dana', lastName: 'Donorly' });
    const cookie = await signInDonor(ctx(), donor);
    const res = await preview(GIFT, { hg_donor: cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/dana|donorly/i);
    const withSender = await preview({ ...GIFT, donorAccount: { firstName: 'Dana', lastName: 'S', email: 'd@x.com' } });
    expect(withSender.statusCode).toBe(400);
    expect(withSender.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it.each([
    ['a bad amount', { ...GIFT, amount: 'lots' }],
    ['no name', { amount: '10' }],
    ['a note over the limit', { ...GIFT, personalNote: 'x'.repeat(501) }],
    ['a link for a name', { ...GIFT, recipientFirstName: 'evil.example.com' }],
  ])('refuses %s with 400 and a code', async (_, payload) => {
    const res = await preview(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});
