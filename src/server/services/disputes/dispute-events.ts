// Card disputes (decision 014, issue 13 point 4). Opened: the disputed money leaves our balance (dispute debit)
// and the gift is frozen: no payout or refund starts, and one already requested waits (the reconciler only looks
// it up, never sends it); the claim itself may go on. Won: the money comes back (dispute credit) and the gift
// goes on where it stood (a group gift's share left behind by its lead's payout follows it now). Lost: the gift is closed as `disputed`; what it held covers the dispute and what it
// could not (it was already paid out) is recorded as the loss and flagged. Postings are keyed by the dispute's
// reference, so replays and out-of-order events change nothing; a close that arrives before its opening posts
// the opening's debit itself.
import { and, eq, inArray, isNull, notInArray, count } from 'drizzle-orm';
import { giftDisputes, ledgerMovements } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { AppEvent } from '../../payments/events.js';
import { OUTGOING_KINDS } from '../ledger/accounts.js';
import { lockGiftByPayment, type GiftRow } from '../events/gift-money.js';
import {
  clearDisputeFlag,
  flagOpenDispute,
  postDisputeCredit,
  postDisputeDebit,
  settleLostDisputes,
  type Dispute,
} from './dispute-ledger.js';
import { transition } from '../gift-lifecycle/transition.js';
import { followLeadAfterDispute } from '../together/shares.js';
import { stopPayoutLooks } from '../payouts/payout-row.js';

type DisputeEvent = Extract<AppEvent, { kind: 'dispute_opened' | 'dispute_won' | 'dispute_lost' }>;

/**
 * The gift's dispute row, made when missing. The gift is locked first (lockGiftByPayment), so a move that requires
 * no dispute open (it locks the gift too, gift-lifecycle/transition.ts) sees the row or happens before it.
 */
async function recordDispute(
  tx: Tx,
  giftId: number,
  set: { disputeOpenedAt: Date | null; disputedAt?: Date },
): Promise<void> {
  await tx
    .insert(giftDisputes)
    .values({ giftId, ...set })
    .onConflictDoUpdate({ target: giftDisputes.giftId, set });
}

/** Hushgift's own transfer or refund of the gift that has not ended. */
const openOutgoing = (giftId: number) =>
  and(
    eq(ledgerMovements.giftId, giftId),
    eq(ledgerMovements.origin, 'hushgift'),
    inArray(ledgerMovements.kind, [...OUTGOING_KINDS]),
    inArray(ledgerMovements.state, ['requested', 'in_flight', 'unknown']),
  );

async function opened(tx: Tx, deps: ServiceDeps, gift: GiftRow, dispute: Dispute, now: Date): Promise<void> {
  if (!(await postDisputeDebit(tx, deps, gift, dispute, now))) return;
  if (gift.status === 'disputed') return;
  await recordDispute(tx, gift.id, { disputeOpenedAt: now });
  // A movement waiting for its (next) attempt waits for the dispute instead; one in flight ends as it ends.
  await tx
    .update(ledgerMovements)
    .set({ nextAttemptAt: null })
    .where(and(openOutgoing(gift.id), notInArray(ledgerMovements.state, ['in_flight'])));
  await flagOpenDispute(tx, gift.id, dispute, now);
}

async function won(tx: Tx, deps: ServiceDeps, gift: GiftRow, dispute: Dispute, now: Date): Promise<void> {
  await postDisputeDebit(tx, deps, gift, dispute, now);
  if (!(await postDisputeCredit(tx, deps, gift, dispute, now))) return;
  await tx.update(giftDisputes).set({ disputeOpenedAt: null }).where(eq(giftDisputes.giftId, gift.id));
  await clearDisputeFlag(tx, gift.id, dispute.ref, now);
  // What waited for the dispute is due again.
  await tx
    .update(ledgerMovements)
    .set({ nextAttemptAt: now })
    .where(and(openOutgoing(gift.id), isNull(ledgerMovements.nextAttemptAt)));
  // A group gift's share left behind by its lead's payout while disputed now follows it (decision 026).
  await followLeadAfterDispute(tx, deps, gift, now);
}

async function lost(tx: Tx, deps: ServiceDeps, gift: GiftRow, dispute: Dispute, now: Date): Promise<void> {
  await postDisputeDebit(tx, deps, gift, dispute, now);
  const [closed] = await transition(tx, gift.id, { to: 'disputed', at: now });
  if (!closed) return;
  await recordDispute(tx, gift.id, { disputedAt: now, disputeOpenedAt: null });
  if (gift.claimStartedAt) await stopPayoutLooks(tx, gift.id);
  // An open transfer or refund is looked up by the reconciler once more: recorded if it went out, otherwise
  // cancelled; the dispute is settled after it (settleLostDisputes), so a payout that went out counts as the loss.
  await tx
    .update(ledgerMovements)
    .set({ nextAttemptAt: now })
    .where(and(openOutgoing(gift.id), notInArray(ledgerMovements.state, ['in_flight'])));
  const [open] = await tx.select({ n: count() }).from(ledgerMovements).where(openOutgoing(gift.id));
  if (open!.n === 0) await settleLostDisputes(tx, deps, gift, now);
}

export async function handleDisputeEvent(tx: Tx, deps: ServiceDeps, event: AppEvent): Promise<void> {
  if (event.kind !== 'dispute_opened' && event.kind !== 'dispute_won' && event.kind !== 'dispute_lost') return;
  const e: DisputeEvent = event;
  if (!e.disputeRef || e.amountCents <= 0) return;
  const gift = await lockGiftByPayment(tx, e);
  if (!gift || gift.status === 'pending') return;
  const dispute = { ref: e.disputeRef, amountCents: e.amountCents };
  const now = deps.clock.now();
  if (e.kind === 'dispute_opened') await opened(tx, deps, gift, dispute, now);
  else if (e.kind === 'dispute_won') await won(tx, deps, gift, dispute, now);
  else await lost(tx, deps, gift, dispute, now);
}
