// A gift still pending an hour after its checkout opened is checked against the provider, so a payment whose
// webhook never arrived (beyond the provider's retries) is not lost: the session's state goes through the one
// event handler as the event it would have sent. Looks back two days (checkouts expire after 24 h).
import { and, gte, isNotNull, isNull, lte, eq } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { HOUR } from '../../clock.js';
import { handleProviderEvent } from './handle-event.js';

export const PENDING_CHECK_AFTER_MS = HOUR;

export async function checkPendingPayments(
  deps: ServiceDeps,
  limit = 100,
): Promise<{ checked: number; changed: number }> {
  const now = deps.clock.now().getTime();
  const due = await deps.db
    .select({ checkoutId: gifts.checkoutSessionId })
    .from(gifts)
    .where(
      and(
        eq(gifts.status, 'pending'),
        isNull(gifts.abandonedAt),
        isNotNull(gifts.checkoutSessionId),
        lte(gifts.createdAt, new Date(now - PENDING_CHECK_AFTER_MS)),
        gte(gifts.createdAt, new Date(now - 48 * HOUR)),
      ),
    )
    .limit(limit);
  let changed = 0;
  for (const { checkoutId } of due) {
    try {
      const event = await deps.payments.retrieveCheckout(checkoutId!);
      if (event.kind !== 'other' && !(await handleProviderEvent(deps, event)).duplicate) changed++;
    } catch {
      // The provider could not be asked; the next run tries again.
    }
  }
  return { checked: due.length, changed };
}
