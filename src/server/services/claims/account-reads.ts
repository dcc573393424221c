// Provider reads of a gift's payout account for the calls a recipient (or anyone) can repeat at will: the status
// poll and the completion check (decision 012). At most one read per gift every ACCOUNT_READ_TTL_MS on each
// instance: calls meanwhile share the read in flight, or its answer (a failure too, so a failing provider is not
// hammered). In process, per provider (so per app); several instances each keep their own, which multiplies the
// limit by the number of instances and is still bounded.
import type { ServiceDeps } from '../../deps.js';
import type { ConnectedAccount, PaymentProvider } from '../../payments/provider.js';

export const ACCOUNT_READ_TTL_MS = 5000;
/** Enough for every gift being polled at once on an instance; past it the oldest reads are forgotten early. */
const MAX_ENTRIES = 10_000;

interface Entry {
  accountId: string;
  readAt: number;
  account: Promise<ConnectedAccount>;
}

const caches = new WeakMap<PaymentProvider, Map<number, Entry>>();

export function readGiftAccount(
  deps: Pick<ServiceDeps, 'payments' | 'clock'>,
  giftId: number,
  accountId: string,
): Promise<ConnectedAccount> {
  let cache = caches.get(deps.payments);
  if (!cache) caches.set(deps.payments, (cache = new Map()));
  const now = deps.clock.now().getTime();
  const cached = cache.get(giftId);
  if (cached && cached.accountId === accountId && now - cached.readAt < ACCOUNT_READ_TTL_MS) return cached.account;

  cache.delete(giftId);
  if (cache.size >= MAX_ENTRIES) {
    for (const [id, entry] of cache) if (now - entry.readAt >= ACCOUNT_READ_TTL_MS) cache.delete(id);
    // Still full of fresh reads: the oldest (first inserted) go.
    for (const id of cache.keys()) {
      if (cache.size < MAX_ENTRIES) break;
      cache.delete(id);
    }
  }
  const account = deps.payments.retrieveAccount(accountId);
  // Shared by whoever asks meanwhile; a rejection is theirs to handle, not an unhandled one here.
  account.catch(() => undefined);
  cache.set(giftId, { accountId, readAt: now, account });
  return account;
}
