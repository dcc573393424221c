// The payment provider contract. Two adapters implement it: the built-in sandbox (default) and Stripe.
// Money-moving calls take fixed idempotency keys derived from the gift (gift:<id>:transfer, gift:<id>:refund),
// so a retry after a crash never moves money twice.

export interface CheckoutLine {
  name: string;
  amountCents: number;
}

export interface CreateCheckoutInput {
  giftPublicId: string;
  lines: CheckoutLine[];
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  idempotencyKey: string;
  /** Extra metadata carried back on the checkout events (the gift's public id is always included). */
  metadata?: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export interface ConnectedAccount {
  id: string;
  /** Payouts can be sent to this account now. */
  transfersActive: boolean;
  detailsSubmitted: boolean;
  /** Requirements the recipient still has to provide (currently_due + past_due). */
  requirementsPending: number;
  /** The provider is checking submitted details (pending_verification non-empty). */
  verifying: boolean;
}

export interface CreateTransferInput {
  accountId: string;
  amountCents: number;
  /** The gift's public id. */
  transferGroup: string;
  /** The gift's charge, so the payout is funded by that payment. */
  sourceTransaction?: string | null;
  /** Never anything about the sender. */
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface MoneyMovement {
  id: string;
  amountCents: number;
}

/** Stripe-shaped event: the sandbox emits the same shape, so one handler serves both. */
export interface ProviderEvent {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';

  // Sending (checkout)
  createCheckout(input: CreateCheckoutInput): Promise<CheckoutSession>;

  // Claiming (Connect Express)
  createConnectedAccount(input: { email: string; idempotencyKey: string }): Promise<{ id: string }>;
  createAccountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  createTransfer(input: CreateTransferInput): Promise<MoneyMovement>;
  /** Reconciliation: the transfer made for a transfer group, if any. */
  findTransfer(transferGroup: string): Promise<MoneyMovement | null>;
  createLoginLink(accountId: string): Promise<{ url: string }>;
  /** The charge behind a payment, for a transfer's source_transaction when the payment event did not carry it. */
  findCharge(paymentIntentId: string): Promise<string | null>;

  // Expiry
  createRefund(input: CreateRefundInput): Promise<MoneyMovement>;
  /** Reconciliation: refunds already made for a payment. */
  findRefund(paymentIntentId: string): Promise<MoneyMovement | null>;

  /** Verifies a webhook's signature over the raw body; throws on a bad or missing signature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
