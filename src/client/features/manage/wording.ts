// How the sender's gift page words stages and timeline events, and formats times (in the viewer's time zone).
import type { GiftStage, TimelineEvent } from '../../../shared/schemas/manage';

export const STAGE_LABEL: Record<GiftStage, string> = {
  scheduled: 'Scheduled',
  delivered: 'Delivered, not claimed yet',
  undeliverable: 'Undeliverable: please correct the address',
  claim_started: 'Claim started',
  claimed: 'Claimed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  declined: 'Declined by the recipient: refunded',
  refunded: 'Refunded',
  disputed: 'Closed: the payment was disputed',
};

export const EVENT_LABEL: Record<TimelineEvent, string> = {
  paid: 'Paid',
  scheduled: 'Scheduled for later delivery',
  delivered: 'E-mail delivered',
  bounced: 'E-mail bounced',
  reminder: 'Reminder sent',
  claim_started: 'Claim started',
  claimed: 'Claimed',
  cancelled: 'Cancelled by you',
  expired: 'Expired',
  refunded: 'Refunded',
  disputed: 'Payment disputed with the card issuer',
  thank_you: 'Thank-you note received',
};

export function dateTime(iso: string, timeZone?: string | null): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone, timeZoneName: 'short' } : {}),
  });
}
