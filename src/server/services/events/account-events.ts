// account.updated: a recipient's account changed at the provider. Handling stays fast (it runs inside the
// event's transaction): when the account can receive transfers, its waiting gifts are marked due so the payout
// job (every 30 s) pays them at its next run, after re-reading the account from the provider.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProviderEvent } from '../../payments/provider.js';
import { toConnectedAccount } from '../../payments/stripe/connect.js';

export async function handleAccountEvent(tx: Tx, deps: ServiceDeps, event: ProviderEvent): Promise<void> {
  if (event.type !== 'account.updated') return; // Other account events are recorded and ignored.
  const account = toConnectedAccount(event.data.object);
  if (!account.id || !account.transfersActive) return;
  await tx
    .update(gifts)
    .set({ reconcileAfter: deps.clock.now() })
    .where(
      and(
        eq(gifts.recipientAccountId, account.id),
        eq(gifts.status, 'paid'),
        isNotNull(gifts.claimStartedAt),
        isNull(gifts.transferStartedAt),
        isNull(gifts.refundStartedAt),
      ),
    );
}
