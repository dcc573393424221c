// The payout job: gifts whose claim started are paid out once their recipient's account can receive
// transfers (verification often finishes after the recipient has left). A transfer once started is the
// reconciler's (ledger/reconciler.ts), which retries and resumes it. Payout rows are taken with FOR UPDATE SKIP
// LOCKED and a lease in reconcile_after (db/lease.ts), so several instances never check the same gift at once.
import { and, eq, isNotNull, isNull, lte, not, sql } from 'drizzle-orm';
import { giftPayouts, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { MINUTE } from '../../clock.js';
import { dueAmong, takeLeases } from '../../db/lease.js';
import { payOutGift, type PayoutOutcome } from './pay-out.js';
import { boundNotPaidOut } from './payout-row.js';
import { awaitingPayout } from '../gifts/money-undecided.js';
import { hasOpenAttention } from '../attention/items.js';

export const PAYOUT_JOB_INTERVAL_MS = 30_000;
const LEASE_MS = 60_000;
const p = giftPayouts;

/** Unverified accounts are re-checked less often the longer they wait: 30 s at first, at most every 10 minutes. */
function nextCheckMs(claimStartedAt: Date, now: Date): number {
  return Math.min(10 * MINUTE, Math.max(30_000, (now.getTime() - claimStartedAt.getTime()) / 10));
}

/** The job's next look at a gift still waiting for its payout (none once it moved on: out of the due index). */
function lookAgainAt(deps: ServiceDeps, giftId: number, at: Date) {
  return deps.db
    .update(p)
    .set({ reconcileAfter: at })
    .from(gifts)
    .where(and(eq(p.giftId, giftId), isNull(p.transferStartedAt), eq(gifts.id, p.giftId), eq(gifts.status, 'paid')));
}

export interface PayoutRun {
  checked: number;
  claimed: number;
}

export async function runPayouts(deps: ServiceDeps, limit = 20): Promise<PayoutRun> {
  const now = deps.clock.now();
  // gift_payouts_due_idx: bound, not paid out, next look due (gifts refunded meanwhile: left by the join).
  const due = deps.db
    .select({ id: p.giftId })
    .from(p)
    .innerJoin(gifts, eq(gifts.id, p.giftId))
    .where(
      and(
        isNotNull(p.recipientAccountId),
        isNull(p.transferStartedAt),
        lte(p.reconcileAfter, now),
        awaitingPayout(),
        // An open attention item holds the payout until an operator has looked.
        not(hasOpenAttention(gifts.id)),
      ),
    )
    .orderBy(p.reconcileAfter, p.giftId)
    .limit(limit)
    .for('update', { of: p, skipLocked: true });
  const lease = { reconcileAfter: new Date(now.getTime() + Math.min(LEASE_MS, deps.config.reconcileAfterMs)) };
  const leased = await takeLeases(deps.db, p, lease, dueAmong(p.giftId, due)).returning({
    id: p.giftId,
    claimStartedAt:
      sql<Date | null>`(select ${gifts.claimStartedAt} from ${gifts} where ${gifts.id} = ${p.giftId})`.mapWith(
        gifts.claimStartedAt,
      ),
  });

  const run: PayoutRun = { checked: leased.length, claimed: 0 };
  for (const gift of leased) {
    let outcome: PayoutOutcome;
    try {
      outcome = await payOutGift(deps, gift.id);
    } catch {
      // The provider could not be asked (e.g. network): the lease expires and the next run tries again.
      continue;
    }
    if (outcome.kind === 'claimed') run.claimed++;
    // A large gift's wait (decision 024): not looked at again before it ends.
    if (outcome.kind === 'being_checked' && outcome.until) await lookAgainAt(deps, gift.id, outcome.until);
    if (outcome.kind === 'not_ready') {
      await lookAgainAt(deps, gift.id, new Date(now.getTime() + nextCheckMs(gift.claimStartedAt!, now)));
    }
  }
  return run;
}

/** Pays out every waiting gift of one account now (after the sandbox reports it verified). */
export async function payOutAccount(deps: ServiceDeps, accountId: string): Promise<number> {
  const waiting = await deps.db
    .select({ id: gifts.id })
    .from(p)
    .innerJoin(gifts, eq(gifts.id, p.giftId))
    .where(and(boundNotPaidOut(accountId), awaitingPayout()));
  let claimed = 0;
  for (const { id } of waiting) {
    if ((await payOutGift(deps, id)).kind === 'claimed') claimed++;
  }
  return claimed;
}
