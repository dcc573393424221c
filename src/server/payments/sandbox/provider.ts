// The sandbox provider: a local stand-in for Stripe that is a product feature (try Hushgift with no keys).
// It keeps its state in sandbox_* tables and, like Stripe, reaches the app only through this interface and its
// signed webhooks (webhooks.ts, sent by events-out.ts to the app's webhook endpoint).
// Each area lives in its own module: checkout.ts, connect.ts, owner-sign-in.ts, refunds.ts, webhooks.ts; faults.ts holds the
// outage and refusals the sandbox console (console-routes.ts) switches on, checked before every money call.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type {
  CreateCheckoutInput,
  CreateRefundInput,
  CreateTransferInput,
  PaymentProvider,
  WebhookHeaders,
} from '../provider.js';
import * as checkout from './checkout.js';
import * as connect from './connect.js';
import * as ownerSignIn from './owner-sign-in.js';
import * as refunds from './refunds.js';
import * as webhooks from './webhooks.js';
import { duringOutage, refusedMovement } from './faults.js';
import { GIFT_PUBLIC_ID_METADATA } from '../metadata.js';

export interface SandboxOptions {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Signs the sandbox's webhooks; made up per process when not given (its events never leave the process). */
  webhookSecret?: string;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  webhookSignatureHeader = 'Sandbox-Signature';
  readonly options: SandboxOptions & { webhookSecret: string };
  constructor(options: SandboxOptions) {
    this.options = { ...options, webhookSecret: options.webhookSecret ?? randomBytes(32).toString('base64url') };
  }

  /** The Sandbox-Signature header for an event body the sandbox sends now. */
  signWebhook = (rawBody: Buffer) =>
    webhooks.signSandboxEvent(this.options.webhookSecret, rawBody, this.options.clock.now());

  createCheckout = (input: CreateCheckoutInput) => checkout.createCheckout(this.options, input);
  retrieveCheckout = (checkoutId: string) => checkout.retrieveCheckout(this.options, checkoutId);
  createConnectedAccount = (input: { email: string; idempotencyKey: string }) =>
    connect.createConnectedAccount(this.options, input);
  createAccountLink = (input: { accountId: string; returnUrl: string; refreshUrl: string }) =>
    connect.createAccountLink(this.options, input);
  createOwnerSignIn = (input: { accountId: string; returnUrl: string; refreshUrl: string }) =>
    ownerSignIn.createOwnerSignIn(this.options, input);
  retrieveAccount = (accountId: string) => connect.retrieveAccount(this.options, accountId);
  createTransfer = async (input: CreateTransferInput) => {
    await duringOutage(this.options);
    await refusedMovement(this.options, input.transferGroup);
    return connect.createTransfer(this.options, input);
  };
  findTransfer = async (transferGroup: string) => {
    await duringOutage(this.options);
    return connect.findTransfer(this.options, transferGroup);
  };
  createLoginLink = (accountId: string) => connect.createLoginLink(this.options, accountId);
  findCharge = async (paymentIntentId: string) => {
    await duringOutage(this.options);
    return connect.findCharge(this.options, paymentIntentId);
  };
  createRefund = async (input: CreateRefundInput) => {
    await duringOutage(this.options);
    await refusedMovement(this.options, input.metadata[GIFT_PUBLIC_ID_METADATA]);
    return refunds.createRefund(this.options, input);
  };
  findRefund = async (paymentIntentId: string, idempotencyKey: string) => {
    await duringOutage(this.options);
    return refunds.findRefund(this.options, paymentIntentId, idempotencyKey);
  };
  verifyWebhook = (rawBody: Buffer, headers: WebhookHeaders) => webhooks.verifyWebhook(this.options, rawBody, headers);
}
