// The payout job: gifts whose claim started are paid out once their recipient's account can receive
// transfers (verification often finishes after the recipient has left). A transfer once started is the
// reconciler's (ledger/reconciler.ts), which retries and resumes it. Rows are claimed with FOR UPDATE SKIP
// LOCKED and a lease in reconcile_after, so several instances never check the same gift at once.
import { and, eq, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { MINUTE } from '../../clock.js';
import { payOutGift, type PayoutOutcome } from './pay-out.js';
import { awaitingPayout } from '../gifts/money-undecided.js';
import { hasOpenAttention } from '../attention/items.js';

export const PAYOUT_JOB_INTERVAL_MS = 30_000;
const LEASE_MS = 60_000;

/** Unverified accounts are re-checked less often the longer they wait: 30 s at first, at most every 10 minutes. */
function nextCheckMs(claimStartedAt: Date, now: Date): number {
  return Math.min(10 * MINUTE, Math.max(30_000, (now.getTime() - claimStartedAt.getTime()) / 10));
}

export interface PayoutRun {
  checked: number;
  claimed: number;
}

export async function runPayouts(deps: ServiceDeps, limit = 20): Promise<PayoutRun> {
  const now = deps.clock.now();
  const due = deps.db
    .select({ id: gifts.id })
    .from(gifts)
    .where(
      and(
        awaitingPayout(),
        isNotNull(gifts.recipientAccountId),
        // An open attention item holds the payout until an operator has looked.
        not(hasOpenAttention(gifts.id)),
        or(isNull(gifts.reconcileAfter), lte(gifts.reconcileAfter, now)),
      ),
    )
    .orderBy(gifts.reconcileAfter, gifts.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const leased = await deps.db
    .update(gifts)
    .set({ reconcileAfter: new Date(now.getTime() + Math.min(LEASE_MS, deps.config.reconcileAfterMs)) })
    .where(sql`${gifts.id} in (${due})`)
    .returning();

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
    if (outcome.kind === 'being_checked' && outcome.until) {
      // A large gift's wait (decision 024): not looked at again before it ends.
      await deps.db.update(gifts).set({ reconcileAfter: outcome.until }).where(eq(gifts.id, gift.id));
    }
    if (outcome.kind === 'not_ready') {
      await deps.db
        .update(gifts)
        .set({ reconcileAfter: new Date(now.getTime() + nextCheckMs(gift.claimStartedAt!, now)) })
        .where(and(eq(gifts.id, gift.id), eq(gifts.status, 'paid'), isNull(gifts.transferStartedAt)));
    }
  }
  return run;
}

/** Pays out every waiting gift of one account now (after the sandbox reports it verified). */
export async function payOutAccount(deps: ServiceDeps, accountId: string): Promise<number> {
  const waiting = await deps.db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.recipientAccountId, accountId), awaitingPayout()));
  let claimed = 0;
  for (const { id } of waiting) {
    if ((await payOutGift(deps, id)).kind === 'claimed') claimed++;
  }
  return claimed;
}
