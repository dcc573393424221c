// The Checkout Session's expires_at: the gift's own expiry, capped at 24 h − 2 min after the real time the request
// is built (Stripe refuses more than 24 h). The time is passed in, so the figures are exact.
import { checkoutSessionParams } from '../../src/server/payments/stripe/checkout.js';
import type { CreateCheckoutInput } from '../../src/server/payments/provider.js';

const input = (expiresAt: Date): CreateCheckoutInput => ({
  giftPublicId: 'g_1',
  lines: [{ name: 'Anonymous gift', amountCents: 5000 }],
  successUrl: 'https://x/success',
  cancelUrl: 'https://x/cancel',
  expiresAt,
  idempotencyKey: 'k',
});

describe('Stripe checkout expiry', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('keeps the gift’s expiry when it is within 24 h − 2 min of now', () => {
    const at = new Date(now + 23 * 3600_000);
    expect(checkoutSessionParams(input(at), now).expires_at).toBe(at.getTime() / 1000);
  });
  it('caps it at exactly 24 h − 2 min after now when the gift’s clock runs ahead', () => {
    expect(checkoutSessionParams(input(new Date(now + 24 * 3600_000)), now).expires_at).toBe(
      now / 1000 + 24 * 3600 - 120,
    );
  });
});
