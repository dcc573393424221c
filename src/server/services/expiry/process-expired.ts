// Expiry: every paid, unclaimed gift past expires_at moves paid → expired → refunded, exactly once per gift,
// even when the admin button, parallel requests and the scheduled job on several instances overlap.
//
// 1. Claim: one statement picks due rows with FOR UPDATE SKIP LOCKED and moves them paid → expired, setting
//    refund_started_at in the same conditional update (claim/expiry exclusion: it requires
//    transfer_started_at IS NULL, and a claim's transfer requires refund_started_at IS NULL). It also takes a
//    lease (reconcile_after) so no other run touches the gift while its refund is in flight.
// 2. Refund the gift amount (fee and tip kept) with the idempotency key gift:<id>:refund.
// 3. expired → refunded (conditional, one statement per batch), and the senders' e-mails queued in the same
//    transaction.
// A failure leaves the gift expired with its lease pushed back; a later run (after the lease) retries it,
// first asking the provider whether the refund already happened. One failing gift never stops the rest.
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { gifts, outbox, refundRetryAt } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { DAY, MINUTE } from '../../clock.js';
import { refundEmail } from '../../email/templates/refund.js';
import { ONBOARDING_GRACE_DAYS } from '../../../shared/constants.js';
import type { MoneyMovement } from '../../payments/provider.js';
import { faultPoint } from '../../fault-injection.js';

export const REFUND_LEASE_MS = 5 * MINUTE;
/** After this many failed refund attempts the gift is left flagged for an operator instead of retried. */
export const REFUND_MAX_ATTEMPTS = 8;
const BATCH_SIZE = 100;
/** Refunds in flight at once within a run: provider round trips overlap, the database stays unhurried. */
const CONCURRENCY = 8;

export interface ExpiryLogger {
  warn(obj: unknown, msg: string): void;
}

export interface ExpiryResult {
  /** Gifts refunded by this run. */
  processed: number;
  /** Gifts whose refund failed in this run; they are retried later. */
  failed: number;
}

type ClaimedGift = Pick<
  typeof gifts.$inferSelect,
  | 'id'
  | 'publicId'
  | 'amountCents'
  | 'feeCents'
  | 'tipCents'
  | 'paymentIntentId'
  | 'senderEmail'
  | 'senderFirstName'
  | 'recipientFirstName'
  | 'reconcileAttempts'
> & { retry: boolean };

const claimedColumns = {
  id: gifts.id,
  publicId: gifts.publicId,
  amountCents: gifts.amountCents,
  feeCents: gifts.feeCents,
  tipCents: gifts.tipCents,
  paymentIntentId: gifts.paymentIntentId,
  senderEmail: gifts.senderEmail,
  senderFirstName: gifts.senderFirstName,
  recipientFirstName: gifts.recipientFirstName,
  reconcileAttempts: gifts.reconcileAttempts,
};

/** 5 min, 10 min, 20 min … at most an hour between retries of a failing refund. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * MINUTE, REFUND_LEASE_MS * 2 ** Math.max(0, attempts));
}

/** A gift is due once expires_at has passed; a claim started before expiry gets ONBOARDING_GRACE_DAYS more. */
function dueCondition(now: Date) {
  const graceCutoff = new Date(now.getTime() - ONBOARDING_GRACE_DAYS * DAY);
  return and(
    eq(gifts.status, 'paid'),
    isNull(gifts.transferStartedAt),
    isNull(gifts.refundStartedAt),
    lte(gifts.expiresAt, now),
    or(isNull(gifts.claimStartedAt), sql`${gifts.claimStartedAt} >= ${gifts.expiresAt}`, lte(gifts.expiresAt, graceCutoff)),
  );
}

async function claimDue(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>): Promise<ClaimedGift[]> {
  const now = deps.clock.now();
  // The lease outlives any normal refund call; a refund still unrecorded after it was interrupted.
  const lease = new Date(now.getTime() + Math.min(REFUND_LEASE_MS, deps.config.reconcileAfterMs));
  const due = deps.db
    .select({ id: gifts.id })
    .from(gifts)
    .where(dueCondition(now))
    .orderBy(gifts.expiresAt)
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  const fresh = await deps.db
    .update(gifts)
    .set({ status: 'expired', expiredAt: now, refundStartedAt: now, reconcileAfter: lease })
    .where(and(sql`${gifts.id} in (${due})`, dueCondition(now)))
    .returning(claimedColumns);
  if (fresh.length) return fresh.map((g) => ({ ...g, retry: false }));

  // Nothing newly due: take over refunds that failed or were interrupted, once their lease has run out.
  const stuck = deps.db
    .select({ id: gifts.id })
    .from(gifts)
    .where(
      and(
        eq(gifts.status, 'expired'),
        isNull(gifts.refundedAt),
        // reconcile_attempts counts retries; with the first attempt that makes REFUND_MAX_ATTEMPTS in all.
        lt(gifts.reconcileAttempts, REFUND_MAX_ATTEMPTS - 1),
        lte(refundRetryAt(gifts), now),
      ),
    )
    // The order of gifts_refund_retry_idx: the scan reads only due gifts and stops at the batch.
    .orderBy(refundRetryAt(gifts), gifts.id)
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  const retried = await deps.db
    .update(gifts)
    .set({ reconcileAfter: lease, reconcileAttempts: sql`${gifts.reconcileAttempts} + 1` })
    .where(and(sql`${gifts.id} in (${stuck})`, eq(gifts.status, 'expired'), isNull(gifts.refundedAt)))
    .returning(claimedColumns);
  return retried.map((g) => ({ ...g, retry: true }));
}

/** Asks the provider for the refund of one gift's amount (fee and tip kept), with the gift's idempotency key. */
async function refundOf(deps: Pick<ServiceDeps, 'payments'>, gift: ClaimedGift): Promise<MoneyMovement> {
  if (!gift.paymentIntentId) throw new Error('the gift has no payment to refund');
  // A retry may follow a refund that succeeded before a crash; ask first (idempotency keys do not last forever).
  const earlier = gift.retry ? await deps.payments.findRefund(gift.paymentIntentId) : null;
  return (
    earlier ??
    deps.payments.createRefund({
      paymentIntentId: gift.paymentIntentId,
      amountCents: gift.amountCents,
      idempotencyKey: `gift:${gift.id}:refund`,
      metadata: { gift_id: String(gift.id), gift_public_id: gift.publicId, reason: 'gift_expired' },
    })
  );
}

/**
 * expired → refunded for a set of refunded gifts in one statement, and the senders' e-mails queued in the same
 * transaction (deduplicated per gift). Answers how many moved.
 */
async function recordRefunds(deps: Pick<ServiceDeps, 'db' | 'clock'>, done: Array<{ gift: ClaimedGift; refund: MoneyMovement }>): Promise<number> {
  if (done.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const refundIds = sql.join(
      done.map(({ gift, refund }) => sql`when ${gift.id} then ${refund.id}`),
      sql` `,
    );
    const moved = await tx
      .update(gifts)
      .set({ status: 'refunded', refundId: sql`case ${gifts.id} ${refundIds} end`, refundedAt: now, reconcileAfter: null, needsAttention: null })
      .where(and(inArray(gifts.id, done.map((d) => d.gift.id)), eq(gifts.status, 'expired'), isNull(gifts.refundedAt)))
      .returning({ id: gifts.id });
    const movedIds = new Set(moved.map((m) => m.id));
    const emails = done
      .filter(({ gift }) => movedIds.has(gift.id) && gift.senderEmail)
      .map(({ gift }) => {
        const email = refundEmail(gift);
        return {
          kind: 'refund',
          toAddress: gift.senderEmail,
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html,
          giftId: gift.id,
          dedupeKey: `gift:${gift.id}:refund-email`,
          createdAt: now,
          nextAttemptAt: now,
        };
      });
    if (emails.length) await tx.insert(outbox).values(emails).onConflictDoNothing();
    return moved.length;
  });
}

async function noteFailure(deps: Pick<ServiceDeps, 'db' | 'clock'>, gift: ClaimedGift, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await deps.db
    .update(gifts)
    .set({
      reconcileAfter: new Date(deps.clock.now().getTime() + retryDelayMs(gift.reconcileAttempts)),
      needsAttention: (gift.reconcileAttempts + 1 >= REFUND_MAX_ATTEMPTS
        ? `Refund failed ${REFUND_MAX_ATTEMPTS} times; no more automatic retries, an operator must resolve it: ${message}`
        : `Refund failed: ${message}`
      ).slice(0, 500),
    })
    .where(and(eq(gifts.id, gift.id), eq(gifts.status, 'expired')));
}

export async function processExpired(deps: ServiceDeps, log?: ExpiryLogger): Promise<ExpiryResult> {
  const result: ExpiryResult = { processed: 0, failed: 0 };
  const attempted = new Set<number>();
  const fail = async (gift: ClaimedGift, error: unknown) => {
    result.failed++;
    log?.warn({ err: error, giftId: gift.id }, 'refund of an expired gift failed; it will be retried');
    await noteFailure(deps, gift, error).catch((e: unknown) => log?.warn({ err: e, giftId: gift.id }, 'could not record the refund failure'));
  };
  for (;;) {
    const batch = (await claimDue(deps)).filter((g) => !attempted.has(g.id));
    if (batch.length === 0) break;
    const done: Array<{ gift: ClaimedGift; refund: MoneyMovement }> = [];
    for (let i = 0; i < batch.length; i += CONCURRENCY) {
      await Promise.all(
        batch.slice(i, i + CONCURRENCY).map(async (gift) => {
          attempted.add(gift.id);
          try {
            done.push({ gift, refund: await refundOf(deps, gift) });
          } catch (error) {
            await fail(gift, error);
          }
        }),
      );
    }
    if (done.length) faultPoint('after-refund');
    try {
      result.processed += await recordRefunds(deps, done);
    } catch (error) {
      // The refunds happened; their gifts stay expired under lease and the retry finds the refunds at the provider.
      for (const { gift } of done) await fail(gift, error);
    }
  }
  return result;
}
