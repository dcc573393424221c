// payout_account_updated: a recipient's account changed at the provider. Handling stays fast (it runs inside the
// event's transaction): when the account can receive transfers, its waiting gifts are marked due so the payout
// job (every 30 s) pays them at its next run, after re-reading the account from the provider.
import { and, eq } from 'drizzle-orm';
import { giftPayouts, gifts } from '../../db/schema.js';
import { boundNotPaidOut } from '../payouts/payout-row.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { AppEvent } from '../../payments/events.js';
import { awaitingPayout } from '../gifts/money-undecided.js';

export async function handleAccountEvent(tx: Tx, deps: ServiceDeps, event: AppEvent): Promise<void> {
  if (event.kind !== 'payout_account_updated') return;
  const { account } = event;
  if (!account.id || !account.transfersActive) return;
  await tx
    .update(giftPayouts)
    .set({ reconcileAfter: deps.clock.now() })
    .from(gifts)
    .where(and(boundNotPaidOut(account.id), eq(gifts.id, giftPayouts.giftId), awaitingPayout()));
}
