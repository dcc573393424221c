// The Stripe adapter's Connect calls against the local stand-in of the Stripe API, answering with Stripe's own
// example objects: exact parameters and idempotency keys of account creation, account links, account
// retrieval, transfers (and finding them again) and login links; then the claim flow through the adapter.
import { ProviderError } from '../../src/server/payments/provider.js';
import { StripeStandIn, stripeFixture } from '../helpers/stripe-stand-in.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { SENDER_SECRETS, claim, claimableGift, complete, giftRow } from '../helpers/claims.js';
import { checkoutEvent, postEvent } from '../helpers/gift-payload.js';
import { claimLinkOf, paidRow, pendingGift } from '../helpers/gifts.js';
import { ACCOUNT_READ_TTL_MS } from '../../src/server/services/claims/account-reads.js';

const ACCOUNT_ID = 'acct_1PgafTB7WZ01zgkW';
const verified = (overrides = {}) =>
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
    ...overrides,
  });

describe('Stripe adapter: Connect', () => {
  const standIn = new StripeStandIn();
  beforeAll(() => standIn.start());
  afterAll(() => standIn.stop());
  beforeEach(() => standIn.requests.splice(0));
  const stripe = () => standIn.provider();

  it('creates an Express account in the US with the transfers capability and the given idempotency key', async () => {
    standIn.on('POST', '/v1/accounts', () => stripeFixture('account', { id: ACCOUNT_ID }));
    const account = await stripe().createConnectedAccount({
      email: 'rita@example.com',
      idempotencyKey: 'recipient:abc:account',
    });
    expect(account).toEqual({ id: ACCOUNT_ID });
    const [req] = standIn.find('POST', '/v1/accounts');
    expect(req!.body).toEqual({
      type: 'express',
      country: 'US',
      email: 'rita@example.com',
      business_type: 'individual',
      capabilities: { transfers: { requested: 'true' } },
    });
    expect(req!.headers['idempotency-key']).toBe('recipient:abc:account');
  });

  it('creates an onboarding account link with the return and refresh URLs', async () => {
    standIn.on('POST', '/v1/account_links', () => stripeFixture('account_link'));
    const link = await stripe().createAccountLink({
      accountId: ACCOUNT_ID,
      returnUrl: 'https://hushgift.example/claim/tok?return=true',
      refreshUrl: 'https://hushgift.example/api/gifts/claim/tok/onboarding',
    });
    expect(link.url).toBe(stripeFixture('account_link').url);
    expect(standIn.find('POST', '/v1/account_links')[0]!.body).toEqual({
      account: ACCOUNT_ID,
      type: 'account_onboarding',
      return_url: 'https://hushgift.example/claim/tok?return=true',
      refresh_url: 'https://hushgift.example/api/gifts/claim/tok/onboarding',
    });
  });

  it('reads an account: pending requirements, verification and whether transfers are possible', async () => {
    standIn.on('GET', `/v1/accounts/${ACCOUNT_ID}`, () =>
      stripeFixture('account', { id: ACCOUNT_ID, capabilities: { transfers: 'inactive' } }),
    );
    expect(await stripe().retrieveAccount(ACCOUNT_ID)).toEqual({
      id: ACCOUNT_ID,
      transfersActive: false,
      detailsSubmitted: false,
      requirementsPending: 6,
      verifying: false,
      payoutLast4: null,
    });
    standIn.on('GET', `/v1/accounts/${ACCOUNT_ID}`, () =>
      verified({
        capabilities: { transfers: 'pending' },
        requirements: { currently_due: [], past_due: [], pending_verification: ['individual.id_number'] },
      }),
    );
    expect(await stripe().retrieveAccount(ACCOUNT_ID)).toMatchObject({
      transfersActive: false,
      requirementsPending: 0,
      verifying: true,
    });
    standIn.on('GET', `/v1/accounts/${ACCOUNT_ID}`, () => verified());
    expect(await stripe().retrieveAccount(ACCOUNT_ID)).toMatchObject({
      transfersActive: true,
      requirementsPending: 0,
      verifying: false,
    });
    // The masked account payouts go to: the default external account for the currency, else the first one.
    const bank = (last4: string, isDefault: boolean) => ({
      object: 'bank_account',
      last4,
      default_for_currency: isDefault,
    });
    const withPayouts = (...data: object[]) =>
      verified({ external_accounts: { object: 'list', data, has_more: false } });
    standIn.on('GET', `/v1/accounts/${ACCOUNT_ID}`, () => withPayouts(bank('1111', false), bank('6789', true)));
    expect((await stripe().retrieveAccount(ACCOUNT_ID)).payoutLast4).toBe('6789');
    standIn.on('GET', `/v1/accounts/${ACCOUNT_ID}`, () => withPayouts(bank('4242', false)));
    expect((await stripe().retrieveAccount(ACCOUNT_ID)).payoutLast4).toBe('4242');
  });

  it('transfers in USD from the gift charge with the gift idempotency key, and finds it by transfer group', async () => {
    standIn.on('POST', '/v1/transfers', (req) =>
      stripeFixture('transfer', { id: 'tr_gift', amount: Number(req.body.amount) }),
    );
    const transfer = await stripe().createTransfer({
      accountId: ACCOUNT_ID,
      amountCents: 5000,
      transferGroup: 'g_public',
      sourceTransaction: 'ch_gift',
      description: 'Hushgift gift payout',
      idempotencyKey: 'gift:7:transfer',
      metadata: { gift_id: 'g_public' },
    });
    expect(transfer).toEqual({ id: 'tr_gift', amountCents: 5000 });
    const [req] = standIn.find('POST', '/v1/transfers');
    expect(req!.body).toEqual({
      amount: '5000',
      currency: 'usd',
      destination: ACCOUNT_ID,
      transfer_group: 'g_public',
      source_transaction: 'ch_gift',
      description: 'Hushgift gift payout',
      metadata: { gift_id: 'g_public' },
    });
    expect(req!.headers['idempotency-key']).toBe('gift:7:transfer');

    standIn.on('GET', '/v1/transfers', () => ({
      object: 'list',
      url: '/v1/transfers',
      has_more: false,
      data: [stripeFixture('transfer', { id: 'tr_gift', amount: 5000, transfer_group: 'g_public' })],
    }));
    expect(await stripe().findTransfer('g_public')).toEqual({ id: 'tr_gift', amountCents: 5000 });
    const list = standIn.find('GET', '/v1/transfers')[0]!;
    expect(Object.fromEntries(list.query)).toEqual({ transfer_group: 'g_public', limit: '1' });
    standIn
      .on('GET', '/v1/transfers', () => ({ object: 'list', url: '/v1/transfers', has_more: false, data: [] }))
      .on('GET', '/v1/refunds', () => ({ object: 'list', url: '/v1/refunds', has_more: false, data: [] }));
    expect(await stripe().findTransfer('g_none')).toBeNull();
  });

  it('offers no owner sign-in: Stripe returns a visitor who left without the code as if signed in (decision 021)', () => {
    expect('createOwnerSignIn' in stripe()).toBe(false);
  });

  it('creates an express dashboard login link', async () => {
    standIn.on('POST', `/v1/accounts/${ACCOUNT_ID}/login_links`, () => stripeFixture('login_link'));
    expect(await stripe().createLoginLink(ACCOUNT_ID)).toEqual({ url: stripeFixture('login_link').url });
    expect(standIn.find('POST', `/v1/accounts/${ACCOUNT_ID}/login_links`)).toHaveLength(1);
  });

  it('turns Stripe errors into ProviderErrors that say whether a retry can help', async () => {
    standIn.on('POST', '/v1/transfers', () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Insufficient funds in Stripe account.' } },
    }));
    const attempt = stripe().createTransfer({
      accountId: ACCOUNT_ID,
      amountCents: 5000,
      transferGroup: 'g_x',
      description: 'Hushgift gift payout',
      idempotencyKey: 'gift:8:transfer',
      metadata: {},
    });
    await expect(attempt).rejects.toBeInstanceOf(ProviderError);
    await expect(attempt).rejects.toMatchObject({ retryable: false, message: /Insufficient funds/ });
  });
});

// Started before the test app is built, so the adapter is pointed at its port.
const standIn = new StripeStandIn();
let sessions = 0;
beforeAll(() =>
  standIn
    // Gifts are created through the API: their checkout sessions, paid by signed events (tests/helpers/gifts.ts).
    .on('POST', '/v1/checkout/sessions', (req) => {
      sessions++;
      return stripeFixture('checkout.session', {
        id: `cs_test_claims_${sessions}`,
        url: `https://checkout.stripe.com/c/pay/cs_test_claims_${sessions}`,
        metadata: req.body.metadata,
      });
    })
    .start(),
);
afterAll(() => standIn.stop());
describeEachEngine(
  'claim flow through the Stripe adapter',
  (ctx) => {
    beforeEach(() => standIn.requests.splice(0));

    it('creates the account once, links onboarding back to the claim page, and transfers exactly once', async () => {
      let accountState = stripeFixture('account', { id: ACCOUNT_ID, capabilities: { transfers: 'inactive' } });
      standIn
        .on('POST', '/v1/accounts', () => accountState)
        .on('POST', '/v1/account_links', () => stripeFixture('account_link'))
        .on('GET', `/v1/accounts/${ACCOUNT_ID}`, () => accountState)
        .on('POST', '/v1/transfers', (req) => stripeFixture('transfer', { id: `tr_${req.headers['idempotency-key']}` }))
        .on('GET', '/v1/transfers', () => ({ object: 'list', url: '/v1/transfers', has_more: false, data: [] }))
        .on('GET', '/v1/refunds', () => ({ object: 'list', url: '/v1/refunds', has_more: false, data: [] }));

      const { gift, claimToken } = await claimableGift(ctx(), { securityAnswer: 'Fluffy', amountCents: 4200 });
      const res = await claim(ctx(), claimToken, { securityAnswer: 'fluffy' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        accountLinkUrl: stripeFixture('account_link').url,
        accountStep: 'onboarding',
        personalNote: 'Happy birthday!',
      });
      const created = standIn.find('POST', '/v1/accounts');
      expect(created).toHaveLength(1);
      expect(created[0]!.body.email).toBe(gift.recipientEmail);
      // One account per claim, keyed by the gift (decision 021): a retry makes no second one.
      const started = (await giftRow(ctx(), gift.id)).claimStartedAt!.getTime();
      expect(created[0]!.headers['idempotency-key']).toBe(
        `localhost-3000:${gift.publicId}:account:${started}:after:none`,
      );
      expect(standIn.find('POST', '/v1/account_links')[0]!.body).toMatchObject({
        account: ACCOUNT_ID,
        return_url: `http://localhost:3000/claim/${claimToken}?return=true`,
        refresh_url: `http://localhost:3000/api/gifts/claim/${claimToken}/onboarding`,
      });

      expect((await complete(ctx(), claimToken)).json().success).toBe(false);
      expect(standIn.find('POST', '/v1/transfers')).toHaveLength(0);

      accountState = verified();
      ctx().clock.advance(ACCOUNT_READ_TTL_MS); // past the read the completion check above shares
      const results = await Promise.all(Array.from({ length: 10 }, () => complete(ctx(), claimToken)));
      expect(results.every((r) => r.json().success === true)).toBe(true);
      const transfers = standIn.find('POST', '/v1/transfers');
      expect(transfers).toHaveLength(1);
      expect(transfers[0]!.headers['idempotency-key']).toBe(`localhost-3000:${gift.publicId}:transfer`);
      // Asked first whether money already moved for this gift: paid out, or refunded (then no payout).
      expect(standIn.find('GET', '/v1/transfers').map((r) => r.query.get('transfer_group'))).toEqual([gift.publicId]);
      expect(standIn.find('GET', '/v1/refunds').map((r) => r.query.get('payment_intent'))).toEqual([
        gift.paymentIntentId,
      ]);
      expect(transfers[0]!.body).toMatchObject({
        amount: '4200',
        currency: 'usd',
        destination: ACCOUNT_ID,
        source_transaction: gift.chargeId,
        transfer_group: gift.publicId,
      });
      for (const secret of SENDER_SECRETS) expect(transfers[0]!.rawBody).not.toContain(encodeURIComponent(secret));
      expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
    });

    it("sets up a new account for a later gift to the same address and pays only into it: an earlier claimant's account is never reused", async () => {
      let created = 0;
      standIn
        .on('POST', '/v1/accounts', () => verified({ id: `acct_claim_${++created}` }))
        .on('GET', '/v1/accounts/:id', (req) => verified({ id: req.path.split('/').pop() }))
        .on('POST', '/v1/account_links', () => stripeFixture('account_link'))
        .on('POST', '/v1/transfers', (req) => stripeFixture('transfer', { id: `tr_${req.headers['idempotency-key']}` }))
        .on('GET', '/v1/transfers', () => ({ object: 'list', url: '/v1/transfers', has_more: false, data: [] }))
        .on('GET', '/v1/refunds', () => ({ object: 'list', url: '/v1/refunds', has_more: false, data: [] }));
      const recipientEmail = `same.address.${ctx().engine}.${Date.now()}@example.com`;
      // A claims gift 1 and onboards: the money lands in A's account.
      const first = await claimableGift(ctx(), { securityAnswer: 'Rex', recipientEmail });
      expect((await claim(ctx(), first.claimToken, { securityAnswer: 'rex' })).json().accountStep).toBe('onboarding');
      expect((await complete(ctx(), first.claimToken)).json().success).toBe(true);
      // B claims gift 2 for the same address with the right answer: led to onboarding of a new account.
      const second = await claimableGift(ctx(), { securityAnswer: 'Rex', recipientEmail });
      const readsOfA = standIn.find('GET', '/v1/accounts/acct_claim_1').length;
      const res = await claim(ctx(), second.claimToken, { securityAnswer: 'rex' });
      expect(res.json().accountStep).toBe('onboarding');
      expect(standIn.find('POST', '/v1/accounts')).toHaveLength(2);
      // A's account is not even read for B's claim.
      expect(standIn.find('GET', '/v1/accounts/acct_claim_1')).toHaveLength(readsOfA);
      expect((await complete(ctx(), second.claimToken)).json().success).toBe(true);
      const destinations = Object.fromEntries(
        standIn.find('POST', '/v1/transfers').map((r) => [r.body.transfer_group, r.body.destination]),
      );
      expect(destinations).toEqual({ [first.gift.publicId]: 'acct_claim_1', [second.gift.publicId]: 'acct_claim_2' });
    });

    it('funds the transfer from the charge read back from the payment intent when the payment event carried none', async () => {
      const piAccount = 'acct_pi_lookup';
      standIn
        .on('POST', '/v1/accounts', () => verified({ id: piAccount }))
        .on('GET', `/v1/accounts/${piAccount}`, () => verified({ id: piAccount }))
        .on('GET', '/v1/payment_intents/:id', (req) =>
          stripeFixture('payment_intent', { id: req.path.split('/').pop(), latest_charge: 'ch_read_back_1' }),
        )
        .on('POST', '/v1/transfers', (req) => stripeFixture('transfer', { id: `tr_${req.headers['idempotency-key']}` }))
        .on('GET', '/v1/transfers', () => ({ object: 'list', url: '/v1/transfers', has_more: false, data: [] }))
        .on('GET', '/v1/refunds', () => ({ object: 'list', url: '/v1/refunds', has_more: false, data: [] }));
      // As a Stripe Checkout completion carries it: the payment intent's id, not expanded, so no charge. The adapter
      // reads the payment intent back as the event arrives (for the risk rules' card and rating, decision 024).
      const { gift: pending } = await pendingGift(ctx(), { amountCents: 3100 });
      const paid = checkoutEvent(pending);
      paid.data.object.payment_intent = `pi_test_${pending.id}` as never;
      expect((await postEvent(ctx(), paid)).statusCode).toBe(200);
      const gift = await paidRow(ctx(), pending.id);
      expect(gift.chargeId).toBe('ch_read_back_1');
      const claimToken = await claimLinkOf(ctx(), gift.id);
      expect((await claim(ctx(), claimToken, {})).statusCode).toBe(200);
      expect((await complete(ctx(), claimToken)).json().success).toBe(true);
      expect(standIn.find('GET', `/v1/payment_intents/${gift.paymentIntentId}`)).toHaveLength(1);
      const transfers = standIn.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/transfers' && r.body.transfer_group === gift.publicId,
      );
      expect(transfers).toHaveLength(1);
      expect(transfers[0]!.body).toMatchObject({
        amount: '3100',
        destination: piAccount,
        source_transaction: 'ch_read_back_1',
      });
      expect((await giftRow(ctx(), gift.id)).status).toBe('claimed');
    });

    it('answers 503 with a clear message when Stripe is unreachable, and nothing moves', async () => {
      standIn.on('POST', '/v1/accounts', () => ({
        status: 500,
        body: { error: { type: 'api_error', message: 'Stripe is down' } },
      }));
      const { gift, claimToken } = await claimableGift(ctx(), {
        recipientEmail: `down-${ctx().engine}@example.com`,
      });
      const res = await claim(ctx(), claimToken, {});
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toEqual({
        code: 'PROVIDER_UNAVAILABLE',
        message: 'Our payment partner is not reachable right now. Please try again in a minute.',
      });
      const row = await giftRow(ctx(), gift.id);
      expect(row.status).toBe('paid');
      expect(row.transferStartedAt).toBeNull();
    });
  },
  { payments: () => standIn.provider() },
);
