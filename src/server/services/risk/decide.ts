// An operator's decision on a held gift (decision 024), exactly once however many clicks race: the decision is one
// conditional UPDATE of the open review (decision is null), so one caller wins and the others find it decided.
// Approve lets the transfer go (at once if the recipient's account is ready, else the payout job does it).
// Reject, in the same transaction as its decision, refunds the whole charge (refund-whole.ts) and tells the
// recipient only that the gift could not be completed.
import { and, eq, isNull } from 'drizzle-orm';
import { riskReviews } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { attemptMovement } from '../ledger/reconciler.js';
import { refundWholeCharge } from './refund-whole.js';
import { logAdminAction, type AdminActor } from '../admin/attention-actor.js';
import { payOutGift } from '../payouts/pay-out.js';
import type { RiskDecision } from '../../db/tables/risk.js';
import { queueEmail } from '../../email/outbox.js';
import { giftNotCompletedEmail } from '../../email/templates/gift-not-completed.js';

export interface DecisionOutcome {
  /** False when an earlier (or racing) click made the same decision: nothing more was done. */
  decided: boolean;
  message: string;
}

/** Takes the open review; null when it is decided already (or there is none). */
async function decide(tx: Tx, giftId: number, decision: RiskDecision, actor: AdminActor, now: Date) {
  const [won] = await tx
    .update(riskReviews)
    .set({ decision, operatorId: actor.id, decidedAt: now })
    .where(and(eq(riskReviews.giftId, giftId), isNull(riskReviews.decision)))
    .returning();
  return won ?? null;
}

/** A decision that found the review decided: the same one again is fine (a double click), the other is refused. */
async function alreadyDecided(deps: ServiceDeps, giftId: number, wanted: RiskDecision): Promise<DecisionOutcome> {
  const [review] = await deps.db.select().from(riskReviews).where(eq(riskReviews.giftId, giftId));
  if (!review) throw notFound(`Gift #${giftId} is not held for review.`);
  if (review.decision === wanted) return { decided: false, message: `Gift #${giftId} was already ${wanted}.` };
  throw conflict(`Gift #${giftId} was already ${review.decision}.`, 'REVIEW_DECIDED');
}

export async function approveHeldGift(deps: ServiceDeps, giftId: number, actor: AdminActor): Promise<DecisionOutcome> {
  const now = deps.clock.now();
  const won = await deps.db.transaction(async (tx) => {
    const review = await decide(tx, giftId, 'approved', actor, now);
    if (review) await logAdminAction(tx, deps.clock, 'admin.risk_approve', actor, { giftId });
    return review;
  });
  if (!won) return alreadyDecided(deps, giftId, 'approved');
  // The recipient may be waiting with a ready account: pay now; otherwise (or if the provider fails) the job will.
  const outcome = await payOutGift(deps, giftId).catch(() => null);
  return {
    decided: true,
    message:
      outcome?.kind === 'claimed'
        ? 'Approved; the gift has been paid out.'
        : 'Approved; the gift is paid out once its recipient has claimed it.',
  };
}

async function rejectInTx(tx: Tx, deps: ServiceDeps, giftId: number, actor: AdminActor, now: Date) {
  const review = await decide(tx, giftId, 'rejected', actor, now);
  if (!review) return null;
  const refund = await refundWholeCharge(tx, deps, giftId, now);
  // Rolls the decision back: the gift's money is no longer undecided (paid out, refunded, or under a dispute).
  if (!refund) throw conflict(`Gift #${giftId} can no longer be rejected: its money is no longer held.`);
  const { gift, movement, whole } = refund;
  if (!movement) throw conflict(`Gift #${giftId} holds no money to refund.`);
  await logAdminAction(tx, deps.clock, 'admin.risk_reject', actor, { giftId, amountCents: whole });
  if (gift.recipientEmail) {
    await queueEmail(tx, deps.clock, {
      kind: 'gift-not-completed',
      to: gift.recipientEmail,
      giftId,
      dedupeKey: `gift:${giftId}:not-completed`,
      ...giftNotCompletedEmail({ recipientFirstName: gift.recipientFirstName }),
    });
  }
  return movement;
}

export async function rejectHeldGift(deps: ServiceDeps, giftId: number, actor: AdminActor): Promise<DecisionOutcome> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => ({
    movement: await rejectInTx(tx, deps, giftId, actor, now),
  }));
  if (result.movement === null) return alreadyDecided(deps, giftId, 'rejected');
  const outcome = await attemptMovement(deps, result.movement.id);
  return {
    decided: true,
    message:
      outcome === 'succeeded'
        ? 'Rejected; the whole payment has been refunded to the sender.'
        : 'Rejected; the refund of the whole payment is being made (retried automatically if the provider fails).',
  };
}
