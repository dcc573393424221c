// account.updated: built by the claim work (a ready account triggers the pending payout).
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProviderEvent } from '../../payments/provider.js';

export async function handleAccountEvent(_tx: Tx, _deps: ServiceDeps, _event: ProviderEvent): Promise<void> {
  // Unknown account events are recorded and ignored.
}
