// What a sender may still change (decision 016): only a paid gift whose recipient has not started claiming it.
import { conflict } from '../../errors.js';
import { HOUR } from '../../clock.js';
import { MAX_EMAIL_CORRECTIONS, RESEND_INTERVAL_HOURS } from '../../../shared/constants.js';
import { MANAGE_MESSAGES, type GiftStage } from '../../../shared/schemas/manage.js';
import type { ManagedGiftRow } from './find-managed-gift.js';

export function isChangeable(gift: ManagedGiftRow): boolean {
  return (
    gift.status === 'paid' &&
    !gift.claimStartedAt &&
    !gift.transferStartedAt &&
    !gift.refundStartedAt &&
    !gift.disputeOpenedAt
  );
}

/** Throws a 409 a sender can understand when the gift can no longer be changed. */
export function assertChangeable(gift: ManagedGiftRow): void {
  if (isChangeable(gift)) return;
  if (gift.claimStartedAt || gift.status === 'claimed') throw conflict(MANAGE_MESSAGES.claimStarted);
  if (gift.cancelledAt) throw conflict('This gift is already cancelled.');
  if (gift.declinedAt) throw conflict('The recipient declined this gift, so it can no longer be changed.');
  if (gift.status === 'disputed' || gift.disputeOpenedAt)
    throw conflict('The payment for this gift is disputed with the card issuer, so it can no longer be changed.');
  throw conflict(
    `This gift has ${gift.status === 'refunded' ? 'been refunded' : 'expired'}, so it can no longer be changed.`,
  );
}

/** A share of a group gift (decision 026): its recipient and delivery are the group's; it can only be withdrawn. */
export function assertNotShare(gift: Pick<ManagedGiftRow, 'groupGiftId'>): void {
  if (gift.groupGiftId !== null)
    throw conflict('This is your share of a group gift: its recipient and delivery belong to the group.');
}

/** Delivered: at payment (no deliver_at), or a scheduled gift whose e-mail has been queued. */
export const isDelivered = (gift: Pick<ManagedGiftRow, 'deliverAt' | 'notifiedAt'>) =>
  gift.deliverAt === null || gift.notifiedAt !== null;

export function resendAvailableAt(gift: ManagedGiftRow): Date | null {
  return gift.senderResentAt ? new Date(gift.senderResentAt.getTime() + RESEND_INTERVAL_HOURS * HOUR) : null;
}

export function correctionsLeft(gift: ManagedGiftRow): number {
  return Math.max(0, MAX_EMAIL_CORRECTIONS - gift.emailCorrections);
}

export function stageOf(gift: ManagedGiftRow): GiftStage {
  if (gift.status === 'claimed') return 'claimed';
  if (gift.status === 'disputed') return 'disputed';
  if (gift.declinedAt) return 'declined';
  if (gift.cancelledAt) return gift.status === 'refunded' ? 'refunded' : 'cancelled';
  if (gift.status === 'refunded') return 'refunded';
  if (gift.status === 'expired') return 'expired';
  if (gift.claimStartedAt) return 'claim_started';
  if (!isDelivered(gift)) return 'scheduled';
  if (gift.undeliverableAt) return 'undeliverable';
  return 'delivered';
}

/** "rita@example.com" → "r***@example.com": enough for the sender to recognise, not to read off a screen. */
export function maskEmail(address: string | null): string {
  if (!address) return '';
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
