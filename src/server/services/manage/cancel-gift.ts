// "Cancel gift": an unclaimed gift is refunded the way an expired one is: moved paid → expired with the refund
// requested in the ledger in the same transaction (requestRefund), then made by the reconciler (attemptMovement),
// which records it refunded and e-mails the sender; the gift amount back, fee and tip kept, exactly once. Claim and
// cancel exclude each other on the gift's row: cancelling requires claim_started_at IS NULL and moves the gift out of
// 'paid' in one conditional update, and a claim starts only on a 'paid' gift; a transfer needs refund_started_at IS
// NULL (check gifts_transfer_xor_refund).
// A share of a group gift (decision 026) is withdrawn the same way, only while its group is open: the group's row
// is locked first, as the send locks it, so a withdrawal and the send never both happen.
import { and, eq } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { attemptMovement, requestRefund } from '../ledger/reconciler.js';
import { loadManagedGift } from './find-managed-gift.js';
import { assertChangeable } from './rules.js';
import { noDisputeOpen } from '../gifts/money-undecided.js';
import { startRefund } from '../gift-lifecycle/start-refund.js';
import { lockGroupOfGift } from '../together/shares.js';
import { conflict } from '../../errors.js';

export const GROUP_SENT = 'The group gift has been sent, so your share can no longer be withdrawn.';

export interface CancelResult {
  /** False when the refund call failed: the gift stays cancelled and the reconciler retries the refund. */
  refunded: boolean;
}

export async function cancelGift(deps: ServiceDeps, giftId: number): Promise<CancelResult> {
  const now = deps.clock.now();
  const movement = await deps.db.transaction(async (tx) => {
    const group = await lockGroupOfGift(tx, eq(gifts.id, giftId), 'update');
    if (group && group.state !== 'open') throw conflict(GROUP_SENT);
    // Only before the recipient answered: a started claim is theirs.
    const [gift] = await startRefund(tx, giftId, {
      at: now,
      where: and(eq(gifts.state, 'paid'), noDisputeOpen()),
      response: 'cancelled',
    });
    return gift ? requestRefund(tx, deps, gift, now) : null;
  });
  if (!movement) {
    assertChangeable(await loadManagedGift(deps.db, giftId));
    return { refunded: false };
  }
  return { refunded: (await attemptMovement(deps, movement.id)) === 'succeeded' };
}
