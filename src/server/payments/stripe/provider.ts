// The Stripe adapter: Checkout for payments, Connect Express for payouts, through the official SDK.
// Each area lives in its own module: checkout.ts, connect.ts, refunds.ts, webhooks.ts.
import Stripe from 'stripe';
import type { AppEvent } from '../events.js';
import type {
  CreateCheckoutInput,
  CreateRefundInput,
  CreateTransferInput,
  PaymentProvider,
  WebhookHeaders,
} from '../provider.js';
import * as checkout from './checkout.js';
import * as connect from './connect.js';
import * as refunds from './refunds.js';
import * as webhooks from './webhooks.js';
import { withChargeSignals } from './charge-signals.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret, when Connect events go to their own endpoint. */
  connectWebhookSecret?: string;
  /** Contract tests point the SDK at a local stand-in of the Stripe API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export interface StripeContext {
  stripe: Stripe;
  /** Every secret a webhook may be signed with (platform endpoint, then Connect endpoint). */
  webhookSecrets: string[];
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly webhookSignatureHeader = 'Stripe-Signature';
  readonly ctx: StripeContext;
  constructor(options: StripeOptions) {
    const stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 2,
      telemetry: false,
    });
    const webhookSecrets = [options.webhookSecret, options.connectWebhookSecret].filter((s): s is string => Boolean(s));
    this.ctx = { stripe, webhookSecrets };
  }

  createCheckout = (input: CreateCheckoutInput) => checkout.createCheckout(this.ctx, input);
  retrieveCheckout = (checkoutId: string) => checkout.retrieveCheckout(this.ctx, checkoutId);
  createConnectedAccount = (input: { email: string; idempotencyKey: string }) =>
    connect.createConnectedAccount(this.ctx, input);
  createAccountLink = (input: { accountId: string; returnUrl: string; refreshUrl: string }) =>
    connect.createAccountLink(this.ctx, input);
  retrieveAccount = (accountId: string) => connect.retrieveAccount(this.ctx, accountId);
  createTransfer = (input: CreateTransferInput) => connect.createTransfer(this.ctx, input);
  findTransfer = (transferGroup: string) => connect.findTransfer(this.ctx, transferGroup);
  createLoginLink = (accountId: string) => connect.createLoginLink(this.ctx, accountId);
  findCharge = (paymentIntentId: string) => connect.findCharge(this.ctx, paymentIntentId);
  createRefund = (input: CreateRefundInput) => refunds.createRefund(this.ctx, input);
  findRefund = (paymentIntentId: string, idempotencyKey: string) =>
    refunds.findRefund(this.ctx, paymentIntentId, idempotencyKey);
  verifyWebhook = (rawBody: Buffer, headers: WebhookHeaders) => webhooks.verifyWebhook(this.ctx, rawBody, headers);
  completeEvent = (event: AppEvent) => withChargeSignals(this.ctx, event);
}
