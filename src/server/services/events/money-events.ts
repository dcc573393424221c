// The provider's side of money (decision 014): a refund made outside Hushgift, a reversed transfer, a
// disconnected payout account. Each is posted to the ledger under a key naming the provider's reference, so a
// replay changes nothing, and whatever needs a person puts the gift on the attention list.
import { and, eq, getTableColumns, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { giftPayouts, gifts, ledgerMovements, recipientAccounts } from '../../db/schema.js';
import { boundNotPaidOut, stopPayoutLooks, writePayout } from '../payouts/payout-row.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { AppEvent } from '../../payments/events.js';
import { queueEmail } from '../../email/outbox.js';
import { refundEmail } from '../../email/templates/refund.js';
import { movementKey, type LedgerAccount } from '../ledger/accounts.js';
import { postMovement } from '../ledger/post.js';
import { moneyUndecided } from '../gifts/money-undecided.js';
import { giftFigures, lockGiftByPayment, takeInOrder } from './gift-money.js';
import { raiseAttention } from '../attention/items.js';
import { transition } from '../gift-lifecycle/transition.js';
import { senderColumns } from '../gifts/sender.js';

type Refunded = Extract<AppEvent, { kind: 'payment_refunded' }>;
type Reversed = Extract<AppEvent, { kind: 'transfer_reversed' }>;
type Disconnected = Extract<AppEvent, { kind: 'payout_account_disconnected' }>;

/**
 * The gift's refunds as an outside refund needs them, in one query: Hushgift's own not recorded yet (all of them,
 * and those that may have reached the provider), and those recorded under their own provider reference.
 */
async function refundFigures(
  tx: Tx,
  giftId: number,
): Promise<{ open: number; maybeMade: number; byReference: number }> {
  const m = ledgerMovements;
  const cents = (condition: SQL | undefined) =>
    sql<number>`coalesce(sum(${m.amountCents}) filter (where ${condition}), 0)::int`.mapWith(Number);
  const own = (states: string[]) => cents(and(eq(m.origin, 'hushgift'), inArray(m.state, states)));
  const [row] = await tx
    .select({
      open: own(['requested', 'in_flight', 'unknown']),
      maybeMade: own(['in_flight', 'unknown']),
      byReference: cents(and(eq(m.state, 'succeeded'), isNotNull(m.providerRef))),
    })
    .from(m)
    .where(and(eq(m.giftId, giftId), eq(m.kind, 'refund')));
  return row!;
}

/** A refund made in the provider's dashboard (ours are recorded by the reconciler). */
export async function handleOutsideRefund(tx: Tx, deps: ServiceDeps, event: Refunded): Promise<void> {
  if (event.by === 'hushgift') return;
  const gift = await lockGiftByPayment(tx, event);
  if (!gift) return;
  if (event.refundRef) {
    const [known] = await tx
      .select({ id: ledgerMovements.id })
      .from(ledgerMovements)
      .where(eq(ledgerMovements.providerRef, event.refundRef));
    if (known) return;
  }
  const figures = await giftFigures(tx, gift.id);
  const own = await refundFigures(tx, gift.id);
  // A running total also counts Hushgift's own refund when it reached the provider before being recorded: that
  // part is the reconciler's to record, never an outside refund too.
  // A refund named by its reference may already be inside a running total posted before it (Stripe's
  // charge.refunded can arrive before refund.created): it adds only what the named refunds exceed that by.
  const amount =
    event.totalRefundedCents !== null
      ? event.totalRefundedCents - figures.refunded - own.maybeMade
      : own.byReference + event.amountCents - figures.refunded;
  if (amount <= 0) return;
  const now = deps.clock.now();
  const ref = event.refundRef ?? `total-${event.totalRefundedCents}`;
  // The refund comes out of what the gift still holds for the recipient, then the fee, then the tip; beyond
  // that (already paid out) it is a loss. While Hushgift's own refund of the gift amount is open, the amount
  // stays reserved for it when the fee and tip can cover the outside refund (the provider refunds at most what
  // was charged, so both can go out); when they cannot, the outside refund returned the gift amount too and
  // the reconciler cancels Hushgift's.
  const split = (owed: number) =>
    takeInOrder<LedgerAccount>(amount, [
      ['owed_to_recipients', owed],
      ['fee_revenue', figures.fees],
      ['tip_revenue', figures.tips],
    ]);
  const reserved = split(figures.owed - own.open);
  const { parts, beyond } = own.open > 0 && reserved.beyond === 0 ? reserved : split(figures.owed);
  if (beyond > 0) parts.push(['disputes', beyond]);
  for (const [debit, part] of parts) {
    await postMovement(tx, {
      giftId: gift.id,
      kind: 'refund',
      amountCents: part,
      debit,
      credit: 'provider_clearing',
      origin: 'provider',
      providerRef: event.refundRef,
      idempotencyKey: movementKey(deps.config.providerKeyPrefix, gift.publicId, `refund-${debit}`, ref),
      now,
    });
  }

  // Not paid out and no payout started: the gift is refunded and can no longer be claimed.
  const [closed] = await transition(
    tx,
    gift.id,
    { to: 'refunded', at: now, set: { refundStartedAt: now, refundedAt: now }, where: moneyUndecided() },
    { ...getTableColumns(gifts), ...senderColumns },
  );
  if (closed) {
    if (gift.claimStartedAt) await stopPayoutLooks(tx, gift.id);
    if (closed.senderEmail) {
      const email = refundEmail(closed);
      await queueEmail(tx, deps.clock, {
        kind: 'refund',
        to: closed.senderEmail,
        subject: email.subject,
        text: email.text,
        html: email.html,
        giftId: closed.id,
        dedupeKey: `gift:${closed.id}:refund-email`,
      });
    }
    return;
  }
  await raiseAttention(
    tx,
    gift.id,
    'refunded_outside',
    `Refunded ${amount} cents in the provider's dashboard while the gift was ${gift.status}${gift.transferStartedAt ? ' with its payout started' : ''}: check the money.`,
    now,
  );
}

/** A payout taken back from the recipient: recorded, and the gift flagged for an operator. */
export async function handleTransferReversed(tx: Tx, deps: ServiceDeps, event: Reversed): Promise<void> {
  const [transfer] = await tx
    .select({ giftId: ledgerMovements.giftId, publicId: gifts.publicId })
    .from(ledgerMovements)
    .innerJoin(gifts, eq(gifts.id, ledgerMovements.giftId))
    .where(and(eq(ledgerMovements.kind, 'transfer'), eq(ledgerMovements.providerRef, event.transferRef)));
  if (!transfer || event.amountCents <= 0) return;
  const posted = await postMovement(tx, {
    giftId: transfer.giftId,
    kind: 'reversal',
    amountCents: event.amountCents,
    origin: 'provider',
    providerRef: event.transferRef,
    idempotencyKey: movementKey(
      deps.config.providerKeyPrefix,
      transfer.publicId,
      'reversal',
      `${event.transferRef}-${event.amountCents}`,
    ),
    now: deps.clock.now(),
  });
  if (posted)
    await raiseAttention(
      tx,
      transfer.giftId,
      'reversed_transfer',
      `Transfer ${event.transferRef} was reversed (${event.amountCents} cents came back): decide whether to pay again or refund.`,
      deps.clock.now(),
    );
}

/** A recipient disconnected their payout account: forget it, so the next claim onboards again. */
export async function handleAccountDisconnected(tx: Tx, deps: ServiceDeps, event: Disconnected): Promise<void> {
  if (!event.accountId) return;
  await tx.delete(recipientAccounts).where(eq(recipientAccounts.providerAccountId, event.accountId));
  // Gifts waiting for this account (claim started, no payout yet) start their claim again.
  const waiting = sql`${gifts.id} in (select ${giftPayouts.giftId} from ${giftPayouts} where ${boundNotPaidOut(event.accountId)})`;
  const moved = await transition(
    tx,
    waiting,
    { to: 'paid', at: deps.clock.now(), set: { claimStartedAt: null } },
    { id: gifts.id },
  );
  await writePayout(
    tx,
    moved.map((g) => g.id),
    { recipientAccountId: null, reconcileAfter: null },
  );
}

export async function handleMoneyEvent(tx: Tx, deps: ServiceDeps, event: AppEvent): Promise<void> {
  if (event.kind === 'payment_refunded') await handleOutsideRefund(tx, deps, event);
  else if (event.kind === 'transfer_reversed') await handleTransferReversed(tx, deps, event);
  else if (event.kind === 'payout_account_disconnected') await handleAccountDisconnected(tx, deps, event);
}
