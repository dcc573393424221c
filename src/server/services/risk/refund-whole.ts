// Refunding a gift's whole charge (decision 024): a rejected review, or a payment the provider rates highest risk.
// In the caller's transaction: the gift moves to refunding (only while its money is undecided and no dispute is
// open), its fee and tip return to what is owed (fee_return movements), and one refund of it all is requested
// from the reconciler, so the ledger balances to the cent and the sender gets back everything they paid.
import { eq } from 'drizzle-orm';
import { ledgerMovements } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { accountBalance } from '../ledger/balances.js';
import { movementKey } from '../ledger/accounts.js';
import { postMovements, type Movement } from '../ledger/post.js';
import { requestRefund } from '../ledger/reconciler.js';
import { noDisputeOpen } from '../gifts/money-undecided.js';
import { type GiftRow } from '../gift-lifecycle/transition.js';
import { startRefund } from '../gift-lifecycle/start-refund.js';

/** The gift's balances: what it owes the recipient, and the fee and tip it earned. */
async function heldFigures(tx: Tx, giftId: number) {
  const [row] = await tx
    .select({
      owed: accountBalance('owed_to_recipients'),
      fees: accountBalance('fee_revenue'),
      tips: accountBalance('tip_revenue'),
    })
    .from(ledgerMovements)
    .where(eq(ledgerMovements.giftId, giftId));
  return row ?? { owed: 0, fees: 0, tips: 0 };
}

/** Null when the gift's money is no longer undecided (nothing changed). */
export async function refundWholeCharge(
  tx: Tx,
  deps: Pick<ServiceDeps, 'config'>,
  giftId: number,
  now: Date,
): Promise<{ gift: GiftRow; movement: Movement | null; whole: number } | null> {
  const [gift] = await startRefund(tx, giftId, { at: now, where: noDisputeOpen() });
  if (!gift) return null;
  const figures = await heldFigures(tx, giftId);
  const key = (kind: string) => movementKey(deps.config.providerKeyPrefix, gift.publicId, kind);
  const returns = [
    { account: 'fee_revenue' as const, cents: figures.fees, kind: 'fee_return' },
    { account: 'tip_revenue' as const, cents: figures.tips, kind: 'tip_return' },
  ].filter((r) => r.cents > 0);
  await postMovements(
    tx,
    returns.map((r) => ({
      giftId,
      kind: 'fee_return' as const,
      debit: r.account,
      amountCents: r.cents,
      idempotencyKey: key(r.kind),
      now,
    })),
  );
  const whole = figures.owed + figures.fees + figures.tips;
  const movement = whole > 0 ? await requestRefund(tx, deps, { ...gift, amountCents: whole }, now) : null;
  return { gift, movement, whole };
}
