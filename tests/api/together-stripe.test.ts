// Give together (decision 026) through the Stripe adapter, against the local stand-in of the Stripe API answering
// with Stripe's own example objects: each share is paid by its own signed checkout event, and the group's one claim
// pays out one transfer per share, each with the share's own charge as source_transaction and the share's public
// id as transfer_group (what the reconciler looks a transfer up by), under the share's own idempotency key.
import { StripeStandIn, stripeFixture } from '../helpers/stripe-stand-in.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { claim, complete } from '../helpers/claims.js';
import { claimLinkIn } from '../helpers/gift-page.js';
import { contribute, sendNow, sharesOf, startGroup } from '../helpers/together.js';

const ACCOUNT_ID = 'acct_1TogetherGroup01';
const verified = () =>
  stripeFixture('account', {
    id: ACCOUNT_ID,
    capabilities: { transfers: 'active' },
    details_submitted: true,
    requirements: {
      ...(stripeFixture('account').requirements as object),
      currently_due: [],
      past_due: [],
      pending_verification: [],
    },
  });

// Started before the test app is built, so the adapter is pointed at its port.
const standIn = new StripeStandIn();
let sessions = 0;
beforeAll(() =>
  standIn
    .on('POST', '/v1/checkout/sessions', (req) => {
      sessions++;
      return stripeFixture('checkout.session', {
        id: `cs_test_together_${sessions}`,
        url: `https://checkout.stripe.com/c/pay/cs_test_together_${sessions}`,
        metadata: req.body.metadata,
      });
    })
    .on('POST', '/v1/accounts', () => verified())
    .on('GET', `/v1/accounts/${ACCOUNT_ID}`, () => verified())
    .on('POST', '/v1/account_links', () => stripeFixture('account_link'))
    .on('POST', '/v1/transfers', (req) => stripeFixture('transfer', { id: `tr_${req.headers['idempotency-key']}` }))
    .on('GET', '/v1/transfers', () => ({ object: 'list', url: '/v1/transfers', has_more: false, data: [] }))
    .on('GET', '/v1/refunds', () => ({ object: 'list', url: '/v1/refunds', has_more: false, data: [] }))
    .start(),
);
afterAll(() => standIn.stop());

describeEachEngine(
  'give together through the Stripe adapter',
  (ctx) => {
    it('pays out one transfer per share, each funded by its own charge', async () => {
      const c = ctx();
      standIn.requests.splice(0);
      const group = await startGroup(c, { securityQuestion: null, securityAnswer: null });
      const amounts = [2_000, 3_500, 1_250];
      const paid = [];
      for (const [i, amount] of amounts.entries())
        paid.push(await contribute(c, group.shareToken, amount, { name: 'Pat Payer', email: `pat${i}@example.com` }));
      expect((await sendNow(c, group.organiserToken)).statusCode).toBe(200);
      const mail = await c.flushEmails(group.recipientEmail);
      expect(mail).toHaveLength(1);
      const token = claimLinkIn(mail[0]!.textBody)!;
      expect((await claim(c, token, {})).statusCode).toBe(200);
      expect((await complete(c, token)).json()).toMatchObject({ success: true, amount: '67.50' });

      const shares = await sharesOf(
        c,
        paid.map((p) => p.share.id),
      );
      const transfers = standIn.find('POST', '/v1/transfers');
      expect(transfers).toHaveLength(3);
      for (const share of shares) {
        expect(share.status).toBe('claimed');
        const mine = transfers.filter((t) => t.body.transfer_group === share.publicId);
        expect(mine).toHaveLength(1);
        expect(mine[0]!.body).toMatchObject({
          amount: String(share.amountCents),
          currency: 'usd',
          destination: ACCOUNT_ID,
          source_transaction: share.chargeId,
        });
        expect(mine[0]!.headers['idempotency-key']).toBe(`localhost-3000:${share.publicId}:transfer`);
        expect(mine[0]!.rawBody).not.toContain('Pat');
      }
    });
  },
  { payments: () => standIn.provider() },
);
