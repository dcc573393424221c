// Where a share of a group gift (decision 026) differs from a one-person gift, in the money core's own paths:
// - at payment it is not delivered; paid after its group was sent or closed, it is refunded at once;
// - the group's one claim lives on its lead share (send.ts); the others follow the lead's claim start and payout,
//   each with its own transfer funded by its own charge, under its own key;
// - what the recipient is told is the group's sum, never a share's amount.
// Lock order everywhere: the group row first, then gift rows (payment, withdrawal and send), so none deadlock.
import { and, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { giftPayouts, gifts, groupGifts } from '../../db/schema.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { requestRefund, requestTransfer } from '../ledger/reconciler.js';
import { noRiskHold } from '../risk/hold.js';
import { pastPayoutWait } from '../risk/rules.js';
import { transition } from '../gift-lifecycle/transition.js';
import { startRefund } from '../gift-lifecycle/start-refund.js';
import { noDisputeOpen } from '../gifts/money-undecided.js';
import { writePayout } from '../payouts/payout-row.js';
import type { GroupGiftRow } from './find-group.js';

type GiftRow = typeof gifts.$inferSelect;

/** The group of the gift `match` picks, locked (shared: payments of one group do not wait for each other). */
export async function lockGroupOfGift(tx: Tx, match: SQL, mode: 'share' | 'update'): Promise<GroupGiftRow | null> {
  const [row] = await tx.select({ groupGiftId: gifts.groupGiftId }).from(gifts).where(match);
  if (!row?.groupGiftId) return null;
  const [group] = await tx.select().from(groupGifts).where(eq(groupGifts.id, row.groupGiftId)).for(mode);
  return group ?? null;
}

/** A share paid after its group was sent or closed: withdrawn at once, refunded as a cancellation is. */
export async function refundLateShare(tx: Tx, deps: ServiceDeps, share: GiftRow, now: Date): Promise<void> {
  const [moved] = await startRefund(tx, share.id, {
    at: now,
    where: and(eq(gifts.state, 'paid'), noDisputeOpen()),
    response: 'cancelled',
  });
  // The reconciler makes the refund (its job picks up requested movements at once).
  if (moved) await requestRefund(tx, deps, moved, now);
}

const followersOf = (lead: Pick<GiftRow, 'id' | 'groupGiftId'>) =>
  and(eq(gifts.groupGiftId, lead.groupGiftId!), ne(gifts.id, lead.id));

/**
 * The lead's claim started: its followers carry the same start, so expiry gives them the lead's onboarding grace
 * (they stay 'paid' until the lead's payout moves them).
 */
export async function followClaimStart(db: DbOrTx, lead: GiftRow): Promise<void> {
  if (lead.groupGiftId === null || !lead.claimStartedAt) return;
  await db
    .update(gifts)
    .set({ claimStartedAt: sql`coalesce(${gifts.claimStartedAt}, ${lead.claimStartedAt.toISOString()}::timestamptz)` })
    .where(and(followersOf(lead), eq(gifts.state, 'paid')));
}

/**
 * The lead's transfer into `accountId` was just requested (in `tx`): each follower still paid and undisputed moves
 * to transferring into the same account, with its own requested transfer of its own amount (the reconciler makes
 * each, funded by the share's own charge). Answers the movements to attempt.
 */
export async function followPayout(
  tx: Tx,
  deps: ServiceDeps,
  lead: GiftRow,
  accountId: string,
  now: Date,
): Promise<Array<{ id: number }>> {
  if (lead.groupGiftId === null) return [];
  return joinLeadPayout(tx, deps, followersOf(lead), accountId, now);
}

/**
 * A card dispute on a share was just won (in `tx`, the share's row locked). A share whose dispute was open when the
 * lead paid out stayed behind (followPayout skips it); the recipient was told a sum that included it, so once the
 * money is back it follows the lead's payout into the same account, as it would have then. Nothing to do for a
 * lead, a share of a group not yet paid out (the lead's payout takes it along later), or a share no longer paid.
 * Answers the movements to attempt (the reconciler's job makes them at once otherwise).
 */
export async function followLeadAfterDispute(
  tx: Tx,
  deps: ServiceDeps,
  share: Pick<GiftRow, 'id' | 'groupGiftId'>,
  now: Date,
): Promise<Array<{ id: number }>> {
  if (share.groupGiftId === null) return [];
  const [lead] = await tx
    .select({ recipientAccountId: giftPayouts.recipientAccountId })
    .from(groupGifts)
    .innerJoin(giftPayouts, eq(giftPayouts.giftId, groupGifts.leadGiftId))
    .where(
      and(
        eq(groupGifts.id, share.groupGiftId),
        ne(groupGifts.leadGiftId, share.id),
        // The lead's payout started (its transfer requested, made or made and then reversed): set once, never undone.
        isNotNull(giftPayouts.transferStartedAt),
      ),
    );
  if (!lead?.recipientAccountId) return [];
  return joinLeadPayout(tx, deps, eq(gifts.id, share.id), lead.recipientAccountId, now);
}

/**
 * The shares `match` picks that are still paid and undisputed go into the lead's payout account: claim_started, then
 * transferring with their own requested transfer, unless a risk rule holds them (decision 024).
 */
async function joinLeadPayout(
  tx: Tx,
  deps: ServiceDeps,
  match: SQL | undefined,
  accountId: string,
  now: Date,
): Promise<Array<{ id: number }>> {
  const started = await transition(
    tx,
    sql`${match}`,
    {
      to: 'claim_started',
      at: now,
      set: { claimStartedAt: sql`coalesce(${gifts.claimStartedAt}, ${now.toISOString()}::timestamptz)` },
      where: and(eq(gifts.state, 'paid'), noDisputeOpen()),
    },
    { id: gifts.id },
  );
  const movements: Array<{ id: number }> = [];
  if (started.length === 0) return movements;
  const startedIds = started.map((g) => g.id);
  // Bound to the lead's account, due for the payout job (which pays out the shares a risk rule holds below).
  await writePayout(tx, startedIds, { recipientAccountId: accountId, reconcileAfter: now });
  const moving = await transition(tx, startedIds, {
    to: 'transferring',
    at: now,
    // A share held for review or in a large gift's wait (decision 024) stays claim_started on the lead's
    // account: the payout job pays it out on its own once approved or past the wait.
    where: and(noDisputeOpen(), noRiskHold(), pastPayoutWait(deps.config.risk, now)),
  });
  await writePayout(
    tx,
    moving.map((share) => share.id),
    { transferStartedAt: now },
  );
  for (const share of moving) {
    const movement = await requestTransfer(tx, deps, share, now);
    if (movement) movements.push(movement);
  }
  return movements;
}
