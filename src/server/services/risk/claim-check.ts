// The self-gifting rule at claim (decision 024): a claim from the client address the gift was started and paid
// from, soon after payment, is the payer claiming their own gift; it is held for review before any payout step.
import { eq } from 'drizzle-orm';
import { giftPayers, type gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { payerIdentity } from './payer-identity.js';
import { claimHoldReason } from './rules.js';
import { holdGift } from './hold.js';

export async function checkClaimClient(
  deps: ServiceDeps,
  gift: Pick<typeof gifts.$inferSelect, 'id' | 'paidAt'>,
  clientAddress: string,
  now: Date,
): Promise<void> {
  if (deps.config.risk.sameClientClaimMs <= 0) return;
  const [payer] = await deps.db
    .select({ clientKey: giftPayers.clientKey })
    .from(giftPayers)
    .where(eq(giftPayers.giftId, gift.id));
  if (!payer?.clientKey) return;
  const { clientKey } = payerIdentity(deps.config.digestSecret!, { clientAddress });
  const reason = claimHoldReason(
    { paidAt: gift.paidAt, now, sameClient: clientKey === payer.clientKey },
    deps.config.risk,
  );
  if (reason) await holdGift(deps.db, gift.id, [reason], now);
}
