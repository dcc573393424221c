// "Decline this gift" (issue 25 point 3, decision 025): after the security answer (the gift's claim session) and
// until the payout transfer is made, the recipient may send the gift back. It is the sender's cancel with the
// recipient's hand on it: one conditional move to 'refunding' (from paid or claim_started; a started transfer,
// expiry, a cancel or a dispute wins instead) with the refund requested in the same transaction, then made by the
// reconciler, which tells the sender "Your gift was declined" (ledger/settle.ts). Parallel clicks move it once.
import { eq } from 'drizzle-orm';
import { giftResponses, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { noDisputeOpen } from '../gifts/money-undecided.js';
import { startRefund } from '../gift-lifecycle/start-refund.js';
import { attemptMovement, requestRefund } from '../ledger/reconciler.js';
import { requireGiftByToken, type GiftRow } from '../claims/find-gift.js';
import { holdsClaimSession, type ClaimSessionCookies } from '../claims/claim-session.js';
import { CLAIM_MESSAGES } from '../../../shared/schemas/claim.js';
import { DECLINE_MESSAGES, type DeclineResponse } from '../../../shared/schemas/recipient-rights.js';

/** The gift behind the link, if the caller answered its question (holds its claim session); else "not found". */
export async function requireAnsweredGift(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  token: string,
  cookies: ClaimSessionCookies,
): Promise<GiftRow> {
  const gift = await requireGiftByToken(deps.db, token);
  if (!(await holdsClaimSession(deps, gift, cookies))) throw notFound(CLAIM_MESSAGES.notFound);
  return gift;
}

export async function declineGift(
  deps: ServiceDeps,
  token: string,
  cookies: ClaimSessionCookies,
): Promise<DeclineResponse> {
  const gift = await requireAnsweredGift(deps, token, cookies);
  const now = deps.clock.now();
  const start = { at: now, where: noDisputeOpen(), response: 'declined' } as const;
  const movements = await deps.db.transaction(async (tx) => {
    const [lead] = await startRefund(tx, gift.id, start);
    if (!lead) return [];
    // A group gift's claim sits on its lead share: declining it sends every other share back to its own payer too
    // (a share with a dispute open stays, and is refunded at its expiry if the dispute is won).
    const others =
      gift.groupGiftId === null ? [] : await startRefund(tx, eq(gifts.groupGiftId, gift.groupGiftId), start);
    const refunds = [];
    for (const row of [lead, ...others]) {
      const movement = await requestRefund(tx, deps, row, now);
      if (movement) refunds.push(movement);
    }
    return refunds;
  });
  if (movements.length) {
    // A failed refund stays with the reconciler (retried, then the attention list); the decline itself is done.
    for (const movement of movements) await attemptMovement(deps, movement.id);
    return { declined: true, message: DECLINE_MESSAGES.done };
  }
  // Lost the move: to a racing click of the same recipient (the same answer), or to what else ended the gift.
  const [current] = await deps.db
    .select({ declinedAt: giftResponses.declinedAt, state: gifts.state })
    .from(gifts)
    .leftJoin(giftResponses, eq(giftResponses.giftId, gifts.id))
    .where(eq(gifts.id, gift.id));
  if (current?.declinedAt) return { declined: true, message: DECLINE_MESSAGES.done };
  if (current?.state === 'transferring' || current?.state === 'claimed') throw conflict(DECLINE_MESSAGES.tooLate);
  throw conflict(DECLINE_MESSAGES.over);
}
