// The card network's early fraud warning (Stripe's radar.early_fraud_warning.created; decision 024): a dispute is
// likely to follow. Before the payout, the gift's whole charge is refunded and the gift frozen (a rejected review,
// decided by the rule): refunding now costs less than the dispute. After it, the money has left: the gift goes on
// the attention list for an operator, and its payer identity is blocked (blocks.ts), so the same card, e-mail or
// client address cannot cash out another gift: their later payments are refunded at once.
import { gifts, riskReviews } from '../../db/schema.js';
import { paidBy } from '../gifts/payment-refs.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { AppEvent } from '../../payments/events.js';
import { refundWholeCharge } from './refund-whole.js';
import { blockPayerOfGift } from './blocks.js';
import { raiseAttention } from '../attention/items.js';

export const AFTER_PAYOUT_WARNING =
  "The card network sent an early fraud warning on this gift's payment after it was paid out: a dispute is likely. Its payer is now blocked; check the payer's other gifts.";

export async function handleEarlyFraudWarning(tx: Tx, deps: ServiceDeps, event: AppEvent): Promise<void> {
  if (event.kind !== 'early_fraud_warning') return;
  const match = paidBy(event);
  if (!match) return;
  const [gift] = await tx.select().from(gifts).where(match).limit(1);
  if (!gift) return;
  const now = deps.clock.now();
  const undecided = gift.state === 'paid' || gift.state === 'claim_started';
  if (undecided && (await refundWholeCharge(tx, deps, gift.id, now))) {
    // Decided by the rule: recorded as a rejected review (the gift frozen; the sender's refund e-mail neutral).
    await tx
      .insert(riskReviews)
      .values({ giftId: gift.id, reasons: ['early_fraud_warning'], heldAt: now, decision: 'rejected', decidedAt: now })
      .onConflictDoUpdate({
        target: riskReviews.giftId,
        set: { decision: 'rejected', decidedAt: now, operatorId: null },
      });
    return;
  }
  // Paid out (or a dispute already decides where the money goes): an operator looks.
  if (undecided || gift.state === 'transferring' || gift.state === 'claimed') {
    await raiseAttention(tx, gift.id, 'fraud_warning_after_payout', AFTER_PAYOUT_WARNING, now);
    await blockPayerOfGift(tx, deps, gift.id, { source: 'early_fraud_warning', operatorId: null });
  }
}
