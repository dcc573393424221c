// GET /api/gifts/manage/:token: the sender's view of their gift, with a timeline built from the gift's own dates
// and the delivery results of the e-mails sent to the recipient (the outbox). The sender's alone: nothing here is
// reachable with a claim link.
import { reviewState, type ReviewState } from '../risk/hold.js';
import { HELD_GIFT_TEXT, REJECTED_GIFT_TEXT } from '../../../shared/risk.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { outbox } from '../../db/schema.js';
import { recipientHash } from '../../email/outbox.js';
import { sha256 } from '../../crypto.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { formatCents } from '../../../shared/money.js';
import { TIMELINE_EVENTS, type ManagedGift, type TimelineEntry } from '../../../shared/schemas/manage.js';
import { RECIPIENT_EMAIL_KINDS } from '../delivery/bounce.js';
import { loadManagedGift, type ManagedGiftRow } from './find-managed-gift.js';
import { loadGroup } from '../together/find-group.js';
import { correctionsLeft, isChangeable, isDelivered, maskEmail, resendAvailableAt, stageOf } from './rules.js';

/** Who an e-mail went to, masked: the outbox erases a delivered message's address but keeps its keyed digest. */
function maskedRecipient(
  row: { to: string | null; hash: string | null },
  gift: ManagedGiftRow,
  secret: string,
): string {
  if (row.to) return maskEmail(row.to);
  const current = gift.recipientEmail?.trim().toLowerCase();
  // Rows delivered before the keyed digest hold the plain SHA-256 until the gift's erasure removes it.
  if (current && (row.hash === recipientHash(secret, current) || row.hash === sha256(current)))
    return maskEmail(gift.recipientEmail!);
  return 'an earlier address';
}

async function emailEvents(db: DbOrTx, gift: ManagedGiftRow, secret: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select({
      kind: outbox.kind,
      to: outbox.toAddress,
      hash: outbox.recipientHash,
      sentAt: outbox.sentAt,
      failedAt: outbox.failedAt,
    })
    .from(outbox)
    .where(and(eq(outbox.giftId, gift.id), inArray(outbox.kind, [...RECIPIENT_EMAIL_KINDS])))
    .orderBy(asc(outbox.id));
  const events: TimelineEntry[] = [];
  for (const row of rows) {
    const detail = maskedRecipient(row, gift, secret);
    if (row.sentAt)
      events.push({
        event: row.kind === 'gift-reminder' ? 'reminder' : 'delivered',
        at: row.sentAt.toISOString(),
        detail,
      });
    else if (row.failedAt) events.push({ event: 'bounced', at: row.failedAt.toISOString(), detail });
  }
  return events;
}

function dateEvents(gift: ManagedGiftRow): TimelineEntry[] {
  const at = (event: TimelineEntry['event'], date: Date | null): TimelineEntry[] =>
    date ? [{ event, at: date.toISOString() }] : [];
  return [
    ...at('paid', gift.paidAt),
    ...(gift.deliverAt && gift.paidAt && gift.deliverAt > gift.paidAt ? at('scheduled', gift.paidAt) : []),
    ...at('claim_started', gift.claimStartedAt),
    ...at('claimed', gift.claimedAt),
    ...at('cancelled', gift.cancelledAt),
    ...(gift.cancelledAt ? [] : at('expired', gift.expiredAt)),
    ...at('refunded', gift.refundedAt),
    ...at('disputed', gift.disputedAt),
    ...at('thank_you', gift.thankYouAt),
  ];
}

/** What the sender is told of a risk review: that the gift is checked while held and paid, or that it ended. */
function riskNoticeOf(review: ReviewState, status: string): string | null {
  if (review === 'held' && status === 'paid') return HELD_GIFT_TEXT;
  if (review === 'rejected') return REJECTED_GIFT_TEXT;
  return null;
}

export async function managedGiftView(
  deps: { db: DbOrTx; clock: Clock; config: { digestSecret?: string } },
  giftId: number,
): Promise<ManagedGift> {
  const gift = await loadManagedGift(deps.db, giftId);
  const now = deps.clock.now();
  const timeline = [...dateEvents(gift), ...(await emailEvents(deps.db, gift, deps.config.digestSecret!))].sort(
    // Events at the same instant in the order a gift lives through them.
    (a, b) => a.at.localeCompare(b.at) || TIMELINE_EVENTS.indexOf(a.event) - TIMELINE_EVENTS.indexOf(b.event),
  );
  const changeable = isChangeable(gift);
  // A share of a group gift (decision 026) can only be withdrawn, and only while its group is open.
  const share = gift.groupGiftId !== null;
  const withdrawable = share && changeable && (await loadGroup(deps.db, gift.groupGiftId!))?.state === 'open';
  const resendAt = resendAvailableAt(gift);
  return {
    stage: stageOf(gift),
    amount: formatCents(gift.amountCents),
    fee: formatCents(gift.feeCents),
    tip: formatCents(gift.tipCents),
    recipientFirstName: gift.recipientFirstName ?? '',
    recipientEmailMasked: maskEmail(gift.recipientEmail),
    personalNote: gift.personalNote,
    hasSecurityQuestion: Boolean(gift.securityQuestion),
    deliverAt: gift.deliverAt?.toISOString() ?? null,
    deliveryTimeZone: gift.deliveryTimeZone,
    expiresAt: gift.expiresAt?.toISOString() ?? null,
    timeline,
    actions: {
      correctEmail: !share && changeable && correctionsLeft(gift) > 0,
      correctionsLeft: share ? 0 : correctionsLeft(gift),
      resend: !share && changeable && isDelivered(gift) && (!resendAt || resendAt <= now),
      resendAvailableAt: !share && changeable && resendAt && resendAt > now ? resendAt.toISOString() : null,
      cancel: share ? withdrawable : changeable,
      reschedule: !share && changeable && !isDelivered(gift) && gift.deliverAt !== null,
    },
    thankYou:
      gift.thankYouNote && gift.thankYouAt ? { note: gift.thankYouNote, at: gift.thankYouAt.toISOString() } : null,
    riskNotice: riskNoticeOf(await reviewState(deps.db, gift.id), gift.status),
  };
}
