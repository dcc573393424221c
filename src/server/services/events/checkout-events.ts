// checkout.session.completed / checkout.session.expired: built by the send-a-gift work.
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProviderEvent } from '../../payments/provider.js';

export async function handleCheckoutEvent(_tx: Tx, _deps: ServiceDeps, _event: ProviderEvent): Promise<void> {
  // Unknown checkout events are recorded and ignored.
}
