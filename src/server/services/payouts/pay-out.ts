// Pays a claimed gift out to the recipient's connected account, exactly once.
// Exclusion protocol (COMMON.md): the transfer may start only by setting transfer_started_at with a conditional
// update that also requires status 'paid' and no refund started; expiry requires transfer_started_at IS NULL.
// The provider call carries the fixed key gift:<id>:transfer, so a retry after a crash never pays twice.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { MINUTE } from '../../clock.js';
import { queueEmail } from '../../email/outbox.js';
import { claimRecipientConfirmationEmail } from '../../email/templates/claim-recipient-confirmation.js';
import { claimSenderNoticeEmail } from '../../email/templates/claim-sender-notice.js';
import type { ConnectedAccount } from '../../payments/provider.js';
import { loadGift, type GiftRow } from '../claims/find-gift.js';
import { faultPoint } from '../../fault-injection.js';

export type PayoutOutcome =
  | { kind: 'claimed' }
  | { kind: 'in_progress' }
  | { kind: 'not_ready'; account: ConnectedAccount }
  | { kind: 'failed'; message: string }
  | { kind: 'not_payable' };

/** After this many failed attempts the gift is flagged for an operator instead of retried. */
export const TRANSFER_MAX_ATTEMPTS = 8;

export const transferIdempotencyKey = (giftId: number) => `gift:${giftId}:transfer`;

/** Moves paid → claimed and queues both e-mails in one transaction; a second call changes nothing. */
async function markClaimed(deps: ServiceDeps, giftId: number, transferId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [gift] = await tx
      .update(gifts)
      .set({ status: 'claimed', claimedAt: now, transferId, reconcileAfter: null, needsAttention: null })
      .where(and(eq(gifts.id, giftId), eq(gifts.status, 'paid'), isNotNull(gifts.transferStartedAt)))
      .returning();
    if (!gift) return;
    const mails = [
      gift.recipientEmail && {
        kind: 'claim-recipient-confirmation',
        to: gift.recipientEmail,
        ...claimRecipientConfirmationEmail({ recipientFirstName: gift.recipientFirstName || 'there', amountCents: gift.amountCents }),
      },
      gift.senderEmail && {
        kind: 'claim-sender-notice',
        to: gift.senderEmail,
        ...claimSenderNoticeEmail({
          senderFirstName: gift.senderFirstName || 'there',
          recipientFirstName: gift.recipientFirstName || 'your recipient',
          amountCents: gift.amountCents,
          claimedAt: now,
        }),
      },
    ];
    for (const mail of mails) {
      if (mail) await queueEmail(tx, deps.clock, { ...mail, giftId: gift.id, dedupeKey: `gift:${gift.id}:${mail.kind}` });
    }
  });
}

const retryDelayMs = (attempts: number) => Math.min(60 * MINUTE, 30_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Makes the transfer for a gift whose transfer_started_at this caller set (or the job resuming one that was
 * interrupted: then it first asks the provider whether the transfer was already made).
 */
export async function sendTransfer(deps: ServiceDeps, gift: GiftRow, options: { resume?: boolean } = {}): Promise<PayoutOutcome> {
  try {
    const existing = options.resume ? await deps.payments.findTransfer(gift.publicId) : null;
    // The payout is funded by the gift's own charge; a Stripe Checkout event names only the payment intent.
    const sourceTransaction =
      gift.chargeId ?? (!existing && gift.paymentIntentId ? await deps.payments.findCharge(gift.paymentIntentId) : null);
    const transfer =
      existing ??
      (await deps.payments.createTransfer({
        accountId: gift.recipientAccountId!,
        amountCents: gift.amountCents,
        transferGroup: gift.publicId,
        sourceTransaction,
        description: 'Hushgift gift payout',
        idempotencyKey: transferIdempotencyKey(gift.id),
        metadata: { gift_id: gift.publicId },
      }));
    faultPoint('after-transfer');
    await markClaimed(deps, gift.id, transfer.id);
    return { kind: 'claimed' };
  } catch (error) {
    const message = String((error as Error).message ?? error).slice(0, 300);
    const attempts = gift.reconcileAttempts + 1;
    await deps.db
      .update(gifts)
      .set({
        reconcileAttempts: sql`${gifts.reconcileAttempts} + 1`,
        reconcileAfter: new Date(deps.clock.now().getTime() + retryDelayMs(attempts)),
        needsAttention: attempts >= TRANSFER_MAX_ATTEMPTS ? `Transfer failed ${attempts} times: ${message}` : null,
      })
      .where(and(eq(gifts.id, gift.id), eq(gifts.status, 'paid')));
    return { kind: 'failed', message };
  }
}

/** Pays the gift out if its recipient's account can receive transfers now. Safe to call any number of times in parallel. */
export async function payOutGift(deps: ServiceDeps, giftId: number): Promise<PayoutOutcome> {
  const gift = await loadGift(deps.db, giftId);
  if (!gift) return { kind: 'not_payable' };
  if (gift.status === 'claimed') return { kind: 'claimed' };
  if (gift.status !== 'paid' || !gift.claimStartedAt || !gift.recipientAccountId || gift.refundStartedAt) return { kind: 'not_payable' };
  if (gift.transferStartedAt) return { kind: 'in_progress' };

  // Arriving back from onboarding proves nothing: ask the provider.
  const account = await deps.payments.retrieveAccount(gift.recipientAccountId);
  if (!account.transfersActive) return { kind: 'not_ready', account };

  const [won] = await deps.db
    .update(gifts)
    .set({ transferStartedAt: deps.clock.now() })
    .where(and(eq(gifts.id, gift.id), eq(gifts.status, 'paid'), isNull(gifts.transferStartedAt), isNull(gifts.refundStartedAt)))
    .returning();
  if (won) return sendTransfer(deps, won);

  const now = await loadGift(deps.db, giftId);
  if (now?.status === 'claimed') return { kind: 'claimed' };
  if (now?.status === 'paid' && now.transferStartedAt) return { kind: 'in_progress' };
  return { kind: 'not_payable' };
}
