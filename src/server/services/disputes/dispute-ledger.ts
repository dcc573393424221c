// A card dispute in the ledger and on the attention list (decision 014). When a dispute opens, the provider takes
// the disputed amount out of our balance: a dispute debit (disputes ← provider clearing), whether or not the gift
// was paid out. Won, the amount comes back: a dispute credit. Lost, what the gift still holds (owed to the
// recipient, then the fee, then the tip) covers it: dispute debits from those accounts into disputes; what they
// cannot cover (a gift already paid out) stays in disputes as the loss. Every posting is keyed by the dispute's
// reference, so a replayed or out-of-order event posts nothing twice.
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { gifts, ledgerMovements } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { movementKey, type LedgerAccount } from '../ledger/accounts.js';
import { postMovement } from '../ledger/post.js';
import { giftFigures, takeInOrder } from '../events/gift-money.js';
import { raiseAttention, resolveAttention } from '../attention/items.js';
import { disputeOpenedAt } from '../gifts/money-undecided.js';

type Deps = Pick<ServiceDeps, 'config'>;
type GiftKeys = { id: number; publicId: string };
export interface Dispute {
  ref: string;
  amountCents: number;
}

const key = (deps: Deps, gift: GiftKeys, what: string, ref: string) =>
  movementKey(deps.config.providerKeyPrefix, gift.publicId, what, ref);

/** The money a dispute took from our balance; null when it was posted before (a replay, or its close came first). */
export function postDisputeDebit(tx: Tx, deps: Deps, gift: GiftKeys, dispute: Dispute, now: Date) {
  return postMovement(tx, {
    giftId: gift.id,
    kind: 'dispute_debit',
    amountCents: dispute.amountCents,
    origin: 'provider',
    providerRef: dispute.ref,
    idempotencyKey: key(deps, gift, 'dispute_debit', dispute.ref),
    now,
  });
}

/** The money a won dispute gave back; null when posted before. */
export function postDisputeCredit(tx: Tx, deps: Deps, gift: GiftKeys, dispute: Dispute, now: Date) {
  return postMovement(tx, {
    giftId: gift.id,
    kind: 'dispute_credit',
    amountCents: dispute.amountCents,
    origin: 'provider',
    providerRef: dispute.ref,
    idempotencyKey: key(deps, gift, 'dispute_credit', dispute.ref),
    now,
  });
}

/** The gift's disputes whose money is gone and has not come back (open or lost), with what is still uncovered. */
async function disputesNotWon(tx: Tx, giftId: number): Promise<Array<Dispute & { uncovered: number }>> {
  const m = ledgerMovements;
  const won = tx
    .select({ ref: sql`${m.providerRef}` })
    .from(m)
    .where(and(eq(m.giftId, giftId), eq(m.kind, 'dispute_credit')));
  const rows = await tx
    .select({
      ref: sql<string>`${m.providerRef}`,
      amountCents:
        sql<number>`(sum(${m.amountCents}) filter (where ${m.creditAccount} = 'provider_clearing'))::int`.mapWith(
          Number,
        ),
      covered:
        sql<number>`coalesce(sum(${m.amountCents}) filter (where ${m.creditAccount} = 'disputes'), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(m)
    .where(and(eq(m.giftId, giftId), eq(m.kind, 'dispute_debit'), notInArray(m.providerRef, won)))
    .groupBy(m.providerRef);
  return rows
    .filter((r) => r.amountCents > 0)
    .map((r) => ({ ref: r.ref, amountCents: r.amountCents, uncovered: r.amountCents - r.covered }));
}

/**
 * Closes a gift's lost disputes in the ledger: what the gift holds covers them. Call once nothing of the gift's
 * is open (a transfer that went out must be recorded first). Answers the loss: what the gift could not cover.
 */
export async function coverLostDisputes(tx: Tx, deps: Deps, gift: GiftKeys, now: Date): Promise<number> {
  for (const dispute of await disputesNotWon(tx, gift.id)) {
    if (dispute.uncovered <= 0) continue;
    const figures = await giftFigures(tx, gift.id);
    const { parts } = takeInOrder<LedgerAccount>(dispute.uncovered, [
      ['owed_to_recipients', figures.owed],
      ['fee_revenue', figures.fees],
      ['tip_revenue', figures.tips],
    ]);
    for (const [account, amountCents] of parts) {
      await postMovement(tx, {
        giftId: gift.id,
        kind: 'dispute_debit',
        amountCents,
        debit: account,
        credit: 'disputes',
        origin: 'provider',
        providerRef: dispute.ref,
        idempotencyKey: key(deps, gift, `dispute_loss-${account}`, dispute.ref),
        now,
      });
    }
  }
  return (await disputesNotWon(tx, gift.id)).reduce((n, d) => n + Math.max(0, d.uncovered), 0);
}

/** Was the gift's money already sent on (to the recipient, or back by a refund)? */
export async function moneyGone(tx: Tx, giftId: number): Promise<boolean> {
  const f = await giftFigures(tx, giftId);
  return f.transferred - f.reversed > 0 || f.refunded > 0;
}

/** Every dispute item's detail starts so, which lets a won dispute close its own item and no other. */
const flagPrefix = (ref: string) => `Dispute ${ref} `;

export async function flagOpenDispute(tx: Tx, giftId: number, dispute: Dispute, now: Date): Promise<void> {
  const gone = await moneyGone(tx, giftId);
  await raiseAttention(
    tx,
    giftId,
    'dispute_open',
    `${flagPrefix(dispute.ref)}opened: the cardholder's bank took back ${dispute.amountCents} cents. ${
      gone
        ? 'The gift was already paid out or refunded, so this is a loss unless the dispute is won.'
        : 'The gift is frozen: nothing is paid out or refunded until the dispute closes.'
    } Respond in the provider's dashboard.`,
    now,
  );
}

/** The loss replaces the open dispute's item: the gift is closed as disputed. */
export async function flagLostDispute(tx: Tx, giftId: number, ref: string, loss: number, now: Date): Promise<void> {
  await resolveAttention(tx, giftId, ['dispute_open'], { at: now });
  await raiseAttention(
    tx,
    giftId,
    'dispute_lost_after_payout',
    `${flagPrefix(ref)}lost: ${loss} cents are lost, the gift had already been paid out or refunded. It is closed as disputed.`,
    now,
  );
}

/** Closes the dispute's own item (an item raised since for another reason, or another dispute's, stays). */
export async function clearDisputeFlag(tx: Tx, giftId: number, ref: string, now: Date): Promise<void> {
  await resolveAttention(tx, giftId, ['dispute_open', 'dispute_lost_after_payout'], {
    at: now,
    detailPrefix: flagPrefix(ref),
  });
}

/**
 * A lost dispute, once nothing of the gift's is open: covered by what the gift held; a loss flags the gift,
 * otherwise the dispute's own flag comes off (the money simply went back to the cardholder).
 */
export async function settleLostDisputes(tx: Tx, deps: Deps, gift: GiftKeys, now: Date): Promise<void> {
  const open = await disputesNotWon(tx, gift.id);
  const loss = await coverLostDisputes(tx, deps, gift, now);
  const ref = open.at(-1)?.ref;
  if (!ref) return;
  if (loss > 0) await flagLostDispute(tx, gift.id, ref, loss, now);
  else for (const d of open) await clearDisputeFlag(tx, gift.id, d.ref, now);
}

/**
 * After a transfer or refund of a gift under dispute was recorded (it went out before the dispute froze it, or
 * its answer was lost): a lost dispute is settled now, an open one flagged again with the money gone.
 */
export async function disputedGiftMoved(tx: Tx, deps: Deps, giftId: number, now: Date): Promise<void> {
  const [gift] = await tx
    .select({ id: gifts.id, publicId: gifts.publicId, status: gifts.status, disputeOpenedAt: disputeOpenedAt() })
    .from(gifts)
    .where(eq(gifts.id, giftId));
  if (!gift) return;
  if (gift.status === 'disputed') await settleLostDisputes(tx, deps, gift, now);
  else if (gift.disputeOpenedAt)
    for (const d of await disputesNotWon(tx, giftId)) await flagOpenDispute(tx, giftId, d, now);
}
