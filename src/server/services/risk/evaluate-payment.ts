// The risk rules at payment (decision 024), in the transaction that marks the gift paid: the payer identity is
// recorded, the payer's last 24 hours are counted, and a gift that meets a rule is held for review. Nothing here
// is visible to the recipient beyond "being checked"; the reasons are for operators. A payer the recipient stopped
// ("stop this sender", issue 25 point 4) is refunded whole at once, as a highest-risk payment is.
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { gifts } from '../../db/schema.js';
import { payerHistory, recordPayerPayment } from './payer-record.js';
import { paymentHoldReasons, providerRiskLevel, type RiskReason } from './rules.js';
import { holdGift } from './hold.js';
import { refundWholeCharge } from './refund-whole.js';
import { riskReviews } from '../../db/schema.js';
import { isStoppedSender, recordSenderStopRefund } from '../recipient-rights/sender-block.js';

export interface PaymentSignals {
  payerEmail: string | null;
  cardFingerprint?: string | null;
  riskLevel?: string | null;
}

export interface PaymentVerdict {
  /** Why the gift is held (none: it goes on as usual). */
  held: RiskReason[];
  /**
   * The provider rated the payment highest risk, or the recipient stopped this payer: the whole charge is being
   * refunded, the recipient is told of no gift.
   */
  refunded: boolean;
}

export async function evaluatePayment(
  tx: Tx,
  deps: ServiceDeps,
  gift: Pick<typeof gifts.$inferSelect, 'id' | 'amountCents' | 'recipientEmail'>,
  signals: PaymentSignals,
  now: Date,
): Promise<PaymentVerdict> {
  const identity = await recordPayerPayment(
    tx,
    deps,
    gift,
    { email: signals.payerEmail, cardFingerprint: signals.cardFingerprint },
    now,
  );
  if (providerRiskLevel(signals.riskLevel) === 'highest') {
    // Decided by the rule, not an operator: recorded as a rejected review so the sender's refund e-mail and the
    // recipient's status read as for a rejection.
    await tx
      .insert(riskReviews)
      .values({ giftId: gift.id, reasons: ['provider_highest'], heldAt: now, decision: 'rejected', decidedAt: now })
      .onConflictDoNothing();
    return { held: [], refunded: (await refundWholeCharge(tx, deps, gift.id, now)) !== null };
  }
  if (await isStoppedSender(tx, deps.config.digestSecret!, gift.recipientEmail, identity)) {
    // The sender's refund e-mail says the recipient does not accept their gifts (ledger/settle.ts).
    await recordSenderStopRefund(tx, gift.id, now);
    return { held: [], refunded: (await refundWholeCharge(tx, deps, gift.id, now)) !== null };
  }
  const since = new Date(now.getTime() - deps.config.risk.velocityWindowMs);
  const history = await payerHistory(tx, identity, gift.id, since);
  const reasons = paymentHoldReasons(
    {
      amountCents: gift.amountCents,
      history,
      payerEmail: signals.payerEmail,
      recipientEmail: gift.recipientEmail,
      riskLevel: providerRiskLevel(signals.riskLevel),
    },
    deps.config.risk,
  );
  await holdGift(tx, gift.id, reasons, now);
  return { held: reasons, refunded: false };
}
