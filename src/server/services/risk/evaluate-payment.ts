// The risk rules at payment (decision 024), in the transaction that marks the gift paid: the payer identity is
// recorded, the payer's last 24 hours are counted, and a gift that meets a rule is held for review. A payer an
// operator blocked, a payment the provider rates highest risk, or a payer the recipient stopped ("stop this
// sender", issue 25 point 4) is refunded whole instead. Nothing here is visible to the recipient beyond "being
// checked"; the reasons are for operators.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { gifts } from '../../db/schema.js';
import { payerHistory, recordPayerPayment } from './payer-record.js';
import type { PayerIdentity } from './payer-identity.js';
import { paymentHoldReasons, providerRiskLevel, type RiskReason } from './rules.js';
import { holdGift } from './hold.js';
import { refundWholeCharge } from './refund-whole.js';
import { payerBlocked } from './blocked.js';
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
   * Refunded whole at once (a blocked payer, highest risk, or a payer the recipient stopped): the recipient is told
   * of no gift.
   */
  refunded: boolean;
}

/**
 * Two payments of one payer at the same instant would each count the payer's gifts before the other commits, and
 * both pass the velocity limits. Each takes a lock per part of its identity for the rest of its transaction, in one
 * order (sorted) so two payers sharing two parts cannot deadlock; the count after it sees the other's committed row.
 */
async function lockPayer(tx: Tx, identity: PayerIdentity): Promise<void> {
  const keys = [identity.emailKey, identity.cardKey, identity.clientKey].filter((k): k is string => k !== null);
  for (const key of [...new Set(keys)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payer:${key}`}))`);
}

/** A rule, not an operator, decided: recorded as a rejected review, so the sender's refund e-mail and the
 * recipient's status read as for a rejection (the whole charge back, "could not be completed"). */
async function refundByRule(
  tx: Tx,
  deps: ServiceDeps,
  giftId: number,
  reason: RiskReason,
  now: Date,
): Promise<PaymentVerdict> {
  await tx
    .insert(riskReviews)
    .values({ giftId, reasons: [reason], heldAt: now, decision: 'rejected', decidedAt: now })
    .onConflictDoNothing();
  return { held: [], refunded: (await refundWholeCharge(tx, deps, giftId, now)) !== null };
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
  if (await payerBlocked(tx, identity)) return refundByRule(tx, deps, gift.id, 'payer_blocked', now);
  if (providerRiskLevel(signals.riskLevel) === 'highest')
    return refundByRule(tx, deps, gift.id, 'provider_highest', now);
  if (await isStoppedSender(tx, deps.config.digestSecret!, gift.recipientEmail, identity)) {
    // The sender's refund e-mail says the recipient does not accept their gifts (ledger/settle.ts).
    await recordSenderStopRefund(tx, gift.id, now);
    return { held: [], refunded: (await refundWholeCharge(tx, deps, gift.id, now)) !== null };
  }
  await lockPayer(tx, identity);
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
