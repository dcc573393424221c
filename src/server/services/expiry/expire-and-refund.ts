// Expiry: every paid, unclaimed gift past expires_at moves paid → expired → refunded, exactly once per gift,
// even when the admin button, parallel requests and the scheduled job on several instances overlap.
//
// 1. Claim: one statement picks due rows with FOR UPDATE SKIP LOCKED and moves them paid → expired, setting
//    refund_started_at in the same conditional update (claim/expiry exclusion: it leaves only a state before the
//    transfer, and a claim's transfer leaves only claim_started, for transferring; gift-lifecycle/states.ts). The same
//    transaction posts a requested refund of the gift amount (fee and tip kept) to the ledger.
// 2. The reconciler (ledger/reconciler.ts) makes each refund under its key and records expired → refunded with
//    the sender's e-mail. A failing refund stays with the reconciler, retried until it is made, and never
//    stops the rest.
import { and, isNull, lte, or, sql } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { DAY } from '../../clock.js';
import { ONBOARDING_GRACE_DAYS } from '../../../shared/constants.js';
import { attemptMovement, MOVEMENTS_IN_FLIGHT, requestLeasedRefunds } from '../ledger/reconciler.js';
import { moneyUndecided } from '../gifts/money-undecided.js';
import { startRefund } from '../gift-lifecycle/start-refund.js';

const BATCH_SIZE = 100;

export interface ExpiryLogger {
  warn(obj: unknown, msg: string): void;
}

export interface ExpiryResult {
  /** Gifts refunded by this run. */
  processed: number;
  /** Gifts expired by this run whose refund failed; the reconciler retries them. */
  failed: number;
}

/** A gift is due once expires_at has passed; a claim started before expiry gets ONBOARDING_GRACE_DAYS more. */
function dueCondition(now: Date) {
  const graceCutoff = new Date(now.getTime() - ONBOARDING_GRACE_DAYS * DAY);
  return and(
    moneyUndecided(),
    lte(gifts.expiresAt, now),
    or(
      isNull(gifts.claimStartedAt),
      sql`${gifts.claimStartedAt} >= ${gifts.expiresAt}`,
      lte(gifts.expiresAt, graceCutoff),
    ),
  );
}

/** Expires a batch of due gifts and requests their refunds, in one transaction; answers the refund movements. */
async function expireDue(deps: ServiceDeps): Promise<Array<{ id: number; giftId: number }>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Pick and lock the batch first, as its own statement: inside an UPDATE the planner may run a LIMITed
    // subquery more than once, and with ties on expires_at each run can pick other rows (10,000 in one batch).
    const due = await tx
      .select({ id: gifts.id })
      .from(gifts)
      .where(dueCondition(now))
      .orderBy(gifts.expiresAt, gifts.id)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const expired = await startRefund(
      tx,
      due.map((row) => row.id),
      { at: now, where: dueCondition(now) },
      { id: gifts.id, publicId: gifts.publicId, amountCents: gifts.amountCents },
    );
    const movements = await requestLeasedRefunds(tx, deps, expired, now);
    return movements.map((movement) => ({ id: movement.id, giftId: movement.giftId }));
  });
}

export async function processExpired(deps: ServiceDeps, log?: ExpiryLogger): Promise<ExpiryResult> {
  const result: ExpiryResult = { processed: 0, failed: 0 };
  for (;;) {
    const batch = await expireDue(deps);
    if (batch.length === 0) return result;
    for (let i = 0; i < batch.length; i += MOVEMENTS_IN_FLIGHT) {
      await Promise.all(
        batch.slice(i, i + MOVEMENTS_IN_FLIGHT).map(async (movement) => {
          const outcome = await attemptMovement(deps, movement.id, { leased: true });
          if (outcome === 'succeeded') result.processed++;
          else {
            result.failed++;
            log?.warn(
              { giftId: movement.giftId, outcome },
              'refund of an expired gift failed; the reconciler retries it',
            );
          }
        }),
      );
    }
  }
}
