// The share page's contribution form as the server reads it (decision 026): the figures computed from the amount and
// tip and checked with the API's schema, each problem on its field; and the page's policy, which lets that form's
// redirect reach Stripe's hosted checkout only when Stripe is the provider.
import { CSP_DIRECTIVES, checkoutFormPolicy } from '../../src/server/http/security-headers.js';
import { feeCents } from '../../src/shared/money.js';
import { AMOUNT_MISSING, readContributeForm } from '../../src/shared/together-share-page.js';

describe('the contribution form posted without scripts', () => {
  it('computes the figures itself and takes a blank tip as none', () => {
    const read = readContributeForm({ amount: '40', tip: '' });
    expect(read).toMatchObject({
      ok: true,
      data: { amount: 4_000, tip: 0, processingFee: feeCents(4_000), totalPaid: 4_000 + feeCents(4_000) },
    });
  });

  it('puts each problem on its field, a blank amount in words', () => {
    expect(readContributeForm({ amount: ' ', tip: 'x' })).toMatchObject({
      ok: false,
      errors: { amount: AMOUNT_MISSING, tip: expect.stringContaining('Tip must be') },
    });
    expect(readContributeForm({ amount: '950000.01', tip: '1' })).toMatchObject({
      ok: false,
      errors: { amount: expect.stringContaining('The maximum gift is') },
    });
    // Fields it does not have are not read.
    expect(readContributeForm({ amount: '10', tip: '0', senderCoversFees: 'true' }).ok).toBe(true);
  });
});

describe("the share page's policy", () => {
  const formAction = (policy: string) => /form-action ([^;]*)/.exec(policy)![1];
  it('adds Stripe Checkout to form-action with Stripe only, and is otherwise the site policy', () => {
    expect(formAction(checkoutFormPolicy('stripe'))).toBe("'self' https://checkout.stripe.com");
    expect(formAction(checkoutFormPolicy('sandbox'))).toBe("'self'");
    expect(checkoutFormPolicy('sandbox').split(';')).toHaveLength(Object.keys(CSP_DIRECTIVES).length);
  });
});
