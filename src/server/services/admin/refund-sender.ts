// "Refund sender" on the attention list: an operator sends a gift's money back instead of to the recipient. Only
// while where the money goes is undecided (paid, neither a payout nor a refund started): the gift moves
// paid → expired with its refund requested from the reconciler in one conditional update and transaction, the
// same exclusion expiry and cancel use, so parallel clicks, a claim or the expiry job racing it make one refund.
// What is refunded is what the gift still holds for the recipient: the gift amount, or — for a payment that did
// not match its gift — what was actually paid into it; fee and tip are kept.
import { eq } from 'drizzle-orm';
import { ledgerMovements } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { noDisputeOpen } from '../gifts/money-undecided.js';
import { loadGift } from '../claims/find-gift.js';
import { accountBalance } from '../ledger/balances.js';
import { attemptMovement, requestRefund, type AttemptOutcome } from '../ledger/reconciler.js';
import { logAdminAction, type AdminActor } from './attention-actor.js';
import { startRefund } from '../gift-lifecycle/start-refund.js';
import type { GiftWithMoney } from '../payouts/payout-row.js';

const OUTCOME_MESSAGES: Record<AttemptOutcome, string> = {
  succeeded: 'Refund made; the sender has been told.',
  retrying: 'Refund requested; the provider did not answer, so it is retried automatically.',
  failed: 'Refund requested, but the provider refused it: the gift stays on the list with the reason.',
  busy: 'Refund requested; it is being made now.',
  held: 'Refund requested; it waits while a card dispute on the payment is open.',
  cancelled: 'Refund not sent: the payment was already refunded or taken back by a card dispute.',
};

function refusal(giftId: number, gift: GiftWithMoney | undefined): Error {
  if (!gift) return notFound(`Gift #${giftId} was not found.`);
  if (gift.transferStartedAt)
    return conflict(`Gift #${giftId} cannot be refunded: its payout to the recipient has already started.`);
  if (gift.refundStartedAt) return conflict(`Gift #${giftId} is already being refunded (or was refunded).`);
  if (gift.disputeOpenedAt)
    return conflict(
      `Gift #${giftId} cannot be refunded while a card dispute on its payment is open: the dispute decides where the money goes.`,
    );
  return conflict(
    `Gift #${giftId} cannot be refunded: it is ${gift.status}, and only paid gifts hold money to refund.`,
  );
}

/** Answers what happened, in words for the operator. */
export async function refundSender(deps: ServiceDeps, giftId: number, actor: AdminActor): Promise<string> {
  const now = deps.clock.now();
  const movement = await deps.db.transaction(async (tx) => {
    const [gift] = await startRefund(tx, giftId, { at: now, where: noDisputeOpen() });
    if (!gift) return null;
    const [held] = await tx
      .select({ owed: accountBalance('owed_to_recipients') })
      .from(ledgerMovements)
      .where(eq(ledgerMovements.giftId, giftId));
    // Rolls the transaction back: nothing changes.
    if (!held || held.owed <= 0) throw conflict(`Gift #${giftId} holds no money for its recipient to refund.`);
    const requested = await requestRefund(tx, deps, { ...gift, amountCents: held.owed }, now);
    await logAdminAction(tx, deps.clock, 'admin.refund_sender', actor, { giftId, amountCents: held.owed });
    return requested;
  });
  if (!movement) {
    throw refusal(giftId, await loadGift(deps.db, giftId));
  }
  return OUTCOME_MESSAGES[await attemptMovement(deps, movement.id)];
}
