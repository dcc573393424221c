// What the sandbox console does on the provider's side (decision 014, issue 13 point 5): each action changes the
// sandbox's own records the way the real provider's would change, then sends the app the event that provider
// would send, as a signed webhook (events-out.ts). Should the app fail to take the event, the provider's change is
// undone, so the console and the app never disagree.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  sandboxAccounts,
  sandboxCheckouts,
  sandboxDisputes,
  sandboxRefunds,
  sandboxTransfers,
} from '../../db/schema.js';
import type { AppEvent, AppEventBody } from '../events.js';
import { sendSandboxEvent, type SandboxDeps } from './events-out.js';
import { sandboxId } from './checkout.js';
import { refundable } from './refunds.js';

/** Why an action could not be done, in words for the console. */
export class ConsoleRefusal extends Error {}

const eventId = () => `evt_sandbox_console_${randomBytes(12).toString('hex')}`;

/** Sends the event to the app; undoes the provider's change when the app could not take it. */
async function tell(deps: SandboxDeps, event: AppEventBody, undo: () => Promise<unknown>): Promise<void> {
  try {
    await sendSandboxEvent(deps, { id: eventId(), ...event } as AppEvent);
  } catch (error) {
    await undo();
    throw error;
  }
}

async function paymentLeft(deps: SandboxDeps, paymentIntentId: string) {
  const payment = await refundable(deps, paymentIntentId);
  if (!payment) throw new ConsoleRefusal('No such payment.');
  if (payment.disputed) throw new ConsoleRefusal('This payment is disputed: close the dispute first.');
  if (payment.left <= 0) throw new ConsoleRefusal('Nothing is left of this payment: it was refunded in full.');
  return payment.left;
}

/** "Refund": what is left of the payment goes back to the card, as a refund made in the provider's dashboard. */
export async function refundPayment(deps: SandboxDeps, paymentIntentId: string): Promise<void> {
  const amountCents = await paymentLeft(deps, paymentIntentId);
  const id = sandboxId('re');
  await deps.db.insert(sandboxRefunds).values({
    id,
    idempotencyKey: `console:${id}`,
    paymentIntentId,
    amountCents,
    createdAt: deps.clock.now(),
  });
  await tell(
    deps,
    {
      kind: 'payment_refunded',
      paymentRef: paymentIntentId,
      chargeRef: null,
      refundRef: id,
      amountCents,
      totalRefundedCents: null,
      reason: 'requested_by_customer',
      by: 'outside',
    },
    () => deps.db.delete(sandboxRefunds).where(eq(sandboxRefunds.id, id)),
  );
}

/** "Open dispute": the cardholder's bank disputes what is left of the payment. */
export async function openDispute(deps: SandboxDeps, paymentIntentId: string): Promise<void> {
  const amountCents = await paymentLeft(deps, paymentIntentId);
  const id = sandboxId('dp');
  await deps.db
    .insert(sandboxDisputes)
    .values({ id, paymentIntentId, amountCents, status: 'open', createdAt: deps.clock.now() });
  await tell(
    deps,
    {
      kind: 'dispute_opened',
      disputeRef: id,
      paymentRef: paymentIntentId,
      chargeRef: null,
      amountCents,
      reason: 'fraudulent',
    },
    () => deps.db.delete(sandboxDisputes).where(eq(sandboxDisputes.id, id)),
  );
}

/** "Close dispute (won)" / "Close dispute (lost)". */
export async function closeDispute(deps: SandboxDeps, disputeId: string, outcome: 'won' | 'lost'): Promise<void> {
  const [dispute] = await deps.db
    .update(sandboxDisputes)
    .set({ status: outcome, closedAt: deps.clock.now() })
    .where(and(eq(sandboxDisputes.id, disputeId), eq(sandboxDisputes.status, 'open')))
    .returning();
  if (!dispute) throw new ConsoleRefusal('No such open dispute: it may be closed already.');
  await tell(
    deps,
    {
      kind: outcome === 'won' ? 'dispute_won' : 'dispute_lost',
      disputeRef: dispute.id,
      paymentRef: dispute.paymentIntentId,
      chargeRef: null,
      amountCents: dispute.amountCents,
      reason: 'fraudulent',
    },
    () =>
      deps.db.update(sandboxDisputes).set({ status: 'open', closedAt: null }).where(eq(sandboxDisputes.id, disputeId)),
  );
}

/** "Reverse transfer": the whole transfer is taken back from the recipient's account. */
export async function reverseTransfer(deps: SandboxDeps, transferId: string): Promise<void> {
  const [transfer] = await deps.db
    .update(sandboxTransfers)
    .set({ reversedAt: deps.clock.now() })
    .where(and(eq(sandboxTransfers.id, transferId), isNull(sandboxTransfers.reversedAt)))
    .returning();
  if (!transfer) throw new ConsoleRefusal('No such transfer, or it was reversed already.');
  await tell(
    deps,
    {
      kind: 'transfer_reversed',
      transferRef: transfer.id,
      giftPublicId: transfer.transferGroup,
      amountCents: transfer.amountCents,
    },
    () => deps.db.update(sandboxTransfers).set({ reversedAt: null }).where(eq(sandboxTransfers.id, transferId)),
  );
}

/** "Disconnect account": the recipient removes Hushgift's access; the provider forgets it for Hushgift. */
export async function disconnectAccount(deps: SandboxDeps, accountId: string): Promise<void> {
  const [account] = await deps.db.delete(sandboxAccounts).where(eq(sandboxAccounts.id, accountId)).returning();
  if (!account) throw new ConsoleRefusal('No such account: it may be disconnected already.');
  await tell(deps, { kind: 'payout_account_disconnected', accountId }, () =>
    deps.db.insert(sandboxAccounts).values(account),
  );
}

/**
 * "Rate its payment": the open checkout's payment will carry this risk rating (Stripe Radar's outcome.risk_level),
 * whatever card pays it (decision 024: elevated is held for review, highest refunded at once).
 */
export async function rateCheckout(
  deps: SandboxDeps,
  checkoutId: string,
  level: 'elevated' | 'highest',
): Promise<void> {
  const [rated] = await deps.db
    .update(sandboxCheckouts)
    .set({ lines: sql`jsonb_set(${sandboxCheckouts.lines}, '{riskLevel}', to_jsonb(${level}::text))` })
    .where(and(eq(sandboxCheckouts.id, checkoutId), eq(sandboxCheckouts.status, 'open')))
    .returning({ id: sandboxCheckouts.id });
  if (!rated) throw new ConsoleRefusal('No such open checkout: it may be paid or expired already.');
}

/** "Early fraud warning": the card network warns that the payment is likely fraud (Radar's early fraud warning). */
export async function warnOfFraud(deps: SandboxDeps, paymentIntentId: string): Promise<void> {
  const [payment] = await deps.db
    .select({ id: sandboxCheckouts.id })
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.paymentIntentId, paymentIntentId));
  if (!payment) throw new ConsoleRefusal('No such payment.');
  // Nothing of the provider's changes: a warning is only news.
  await tell(
    deps,
    { kind: 'early_fraud_warning', warningRef: sandboxId('issfr'), paymentRef: paymentIntentId, chargeRef: null },
    async () => undefined,
  );
}
