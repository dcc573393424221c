// Pays a claimed gift out to the recipient's connected account, exactly once.
// Exclusion protocol: the transfer may start only by the gift's move claim_started → transferring (a conditional
// update, gift-lifecycle/transition.ts: expiry and cancel leave from the same state, so one of them wins); the same
// transaction records transfer_started_at in the gift's payout row and posts the requested transfer to the ledger
// (whose unique index allows one live payout-or-refund).
// The reconciler (ledger/reconciler.ts) then makes it under its key, and retries it if the provider fails.
import { and, eq, TransactionRollbackError } from 'drizzle-orm';
import type { ServiceDeps } from '../../deps.js';
import { giftPayouts } from '../../db/schema.js';
import type { ConnectedAccount } from '../../payments/provider.js';
import { loadGift } from '../claims/find-gift.js';
import { boundToAccount } from './payout-row.js';
import { attemptMovement, requestTransfer } from '../ledger/reconciler.js';
import { noDisputeOpen } from '../gifts/money-undecided.js';
import { transition } from '../gift-lifecycle/transition.js';
import { followPayout } from '../together/shares.js';
import { noRiskHold, reviewState } from '../risk/hold.js';
import { payoutWaitUntil } from '../risk/rules.js';

export type PayoutOutcome =
  | { kind: 'claimed' }
  | { kind: 'in_progress' }
  | { kind: 'not_ready'; account: ConnectedAccount }
  | { kind: 'failed'; message: string }
  /** A card dispute is open on the payment: nothing is paid out until it closes. */
  | { kind: 'on_hold' }
  /** Held for a risk review, or a large gift's wait after payment (decision 024); `until` when it is a wait. */
  | { kind: 'being_checked'; until?: Date }
  | { kind: 'not_payable' };

/**
 * Pays the gift out if its recipient's account can receive transfers now. Safe to call any number of times in
 * parallel. `readAccount` lets a caller that recipients can repeat (the completion check) share provider reads.
 */
export async function payOutGift(
  deps: ServiceDeps,
  giftId: number,
  readAccount: (accountId: string) => Promise<ConnectedAccount> = (id) => deps.payments.retrieveAccount(id),
): Promise<PayoutOutcome> {
  const gift = await loadGift(deps.db, giftId);
  if (!gift) return { kind: 'not_payable' };
  if (gift.status === 'claimed') return { kind: 'claimed' };
  if (gift.status !== 'paid' || !gift.claimStartedAt || !gift.recipientAccountId || gift.refundStartedAt)
    return { kind: 'not_payable' };
  if (gift.disputeOpenedAt) return { kind: 'on_hold' };
  if (gift.transferStartedAt) return { kind: 'in_progress' };
  if ((await reviewState(deps.db, gift.id)) === 'held') return { kind: 'being_checked' };
  const waitUntil = payoutWaitUntil(deps.config.risk, gift);
  if (waitUntil && waitUntil > deps.clock.now()) return { kind: 'being_checked', until: waitUntil };

  // Arriving back from onboarding proves nothing: ask the provider.
  const account = await readAccount(gift.recipientAccountId);
  if (!account.transfersActive) return { kind: 'not_ready', account };

  const now = deps.clock.now();
  const notStarted = { movement: null, followers: [] };
  const { movement, followers } = await deps.db
    .transaction(async (tx) => {
      // Still the account just read (its id): a claimant who chose another one meanwhile (decision 021) is not
      // overtaken.
      const [won] = await transition(tx, gift.id, {
        to: 'transferring',
        at: now,
        where: and(boundToAccount(account.id), noDisputeOpen(), noRiskHold()),
      });
      if (!won) return notStarted;
      // The move holds the gift row, which binding an account locks first (claims/recipient-account.ts): this later
      // statement sees any account bound before it, and none is bound after. Another account bound since the move
      // read this one undoes the move: the transfer only ever goes to the account just checked.
      const [started] = await tx
        .update(giftPayouts)
        .set({ transferStartedAt: now })
        .where(and(eq(giftPayouts.giftId, won.id), eq(giftPayouts.recipientAccountId, account.id)))
        .returning({ giftId: giftPayouts.giftId });
      if (!started) tx.rollback();
      // A group gift's lead (decision 026): the other shares go to the same account, each its own transfer.
      return {
        movement: await requestTransfer(tx, deps, won, now),
        followers: await followPayout(tx, deps, won, account.id, now),
      };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return notStarted;
      throw error;
    });
  for (const follower of followers) await attemptMovement(deps, follower.id);
  if (movement) {
    const outcome = await attemptMovement(deps, movement.id);
    if (outcome === 'succeeded') return { kind: 'claimed' };
    if (outcome === 'busy') return { kind: 'in_progress' };
    if (outcome === 'held') return { kind: 'on_hold' };
    if (outcome === 'cancelled') return { kind: 'not_payable' };
    return {
      kind: 'failed',
      message: outcome === 'failed' ? 'the transfer was refused' : 'the transfer will be retried',
    };
  }

  const current = await loadGift(deps.db, giftId);
  if (current?.status === 'claimed') return { kind: 'claimed' };
  if (current?.status === 'paid' && current.disputeOpenedAt) return { kind: 'on_hold' };
  if (current?.status === 'paid' && current.transferStartedAt) return { kind: 'in_progress' };
  if (current?.status === 'paid' && (await reviewState(deps.db, giftId)) === 'held') return { kind: 'being_checked' };
  return { kind: 'not_payable' };
}
