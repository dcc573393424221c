// The payment provider contract, in the app's words: commands here, events in events.ts (decision 014).
// Two adapters implement it: the built-in sandbox (default) and Stripe; only payments/stripe/ knows Stripe.
// Money-moving calls take the movement's idempotency key (<prefix>:<gift public id>:<kind>, from the ledger), so
// a retry after a crash never moves money twice; the reconciler also looks the movement up before every attempt.
import type { AppEvent } from './events.js';

/** A webhook request's headers, lower-cased names as Node gives them. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * Where a provider delivers its signed events: the app's webhook ingest (verify with the provider's
 * `verifyWebhook`, then handle). Stripe reaches it over HTTP (POST /api/webhooks/stripe); the sandbox, which runs
 * in the app's process, is handed it directly.
 */
export type WebhookEndpoint = (rawBody: Buffer, headers: WebhookHeaders) => Promise<unknown>;

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
  /** Ask the card's own authentication (3-D Secure) for this payment: a large gift (decision 024). */
  requestCardAuthentication?: boolean;
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
  /**
   * The last 4 digits of the bank account or card payouts go to, as the provider shows them masked (null before
   * one is given): the claim page says which account a gift goes to (decision 021).
   */
  payoutLast4: string | null;
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

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The header its webhooks carry their signature in, named when an event is refused. */
  webhookSignatureHeader: string;

  // Sending (checkout)
  createCheckout(input: CreateCheckoutInput): Promise<CheckoutSession>;

  // Claiming (Connect Express)
  createConnectedAccount(input: { email: string; idempotencyKey: string }): Promise<{ id: string }>;
  createAccountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /**
   * The provider's own sign-in to an existing account (decision 021): the owner proves it with what the provider
   * asks (the sandbox: the code "texted" to the owner's phone), and only then is sent to returnUrl, which carries
   * the app's single-use nonce. The URL is opaque: it does not reveal returnUrl. A provider whose return cannot
   * prove the sign-in happened has none (Stripe: it also returns a visitor who left without the code), and then
   * every claim sets up its own account.
   */
  createOwnerSignIn?(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  createTransfer(input: CreateTransferInput): Promise<MoneyMovement>;
  /** Reconciliation: the transfer made for a transfer group (the gift's public id: one payout per gift), if any. */
  findTransfer(transferGroup: string): Promise<MoneyMovement | null>;
  /** The account's payout dashboard: its page asks for the owner's sign-in first (decision 021). */
  createLoginLink(accountId: string): Promise<{ url: string }>;
  /** The charge behind a payment, for a transfer's source_transaction when the payment event did not carry it. */
  findCharge(paymentIntentId: string): Promise<string | null>;

  /**
   * A checkout as the provider sees it now, as the app event it would have sent (checkout_paid,
   * checkout_expired) under a deterministic id; `other` while it is still open. For payments whose event was missed.
   */
  retrieveCheckout(checkoutId: string): Promise<AppEvent>;

  // Expiry
  createRefund(input: CreateRefundInput): Promise<MoneyMovement>;
  /**
   * Reconciliation: the refund Hushgift made under this idempotency key for a payment, if any (refunds made
   * in the provider's dashboard are not it).
   */
  findRefund(paymentIntentId: string, idempotencyKey: string): Promise<MoneyMovement | null>;

  /**
   * Verifies a webhook's signature (from its request headers) over the raw body and translates it into an app
   * event; throws a ProviderError on a bad or missing signature.
   */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): AppEvent;
  /**
   * Fills in what a verified event left out and the provider can tell (Stripe: a paid checkout's card fingerprint
   * and risk rating, read from its charge; decision 024). Absent: the provider's events carry all of it (sandbox).
   */
  completeEvent?(event: AppEvent): Promise<AppEvent>;
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
