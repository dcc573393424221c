// The durable outbox. A message is inserted in the same transaction as the change that causes it;
// the worker claims due rows with SKIP LOCKED (safe on several instances), sends, and retries with backoff.
// Once delivered (or given up) a message keeps only id, kind, the recipient's keyed digest and its times: the body
// held a claim or sign-in link, which must live nowhere but the outgoing message (decision 012). The digest is an
// HMAC under DIGEST_SECRET, never a plain hash a backup's reader could test guessed addresses against; the
// retention job removes it with the gift's personal data.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { outbox } from '../db/schema.js';
import type { Db, DbOrTx } from '../db/client.js';
import type { Clock } from '../clock.js';
import type { Mailer } from './transport.js';
import { isPermanentFailure } from './transport.js';
import { keyedDigest } from '../crypto.js';
import { preparedPerDb } from '../db/prepared.js';

/** The keyed digest of an address as the outbox keeps it after delivery (to tell the current address from an earlier one). */
export const recipientHash = (secret: string, address: string) =>
  keyedDigest(secret, 'outbox-recipient', address.trim().toLowerCase());

/**
 * A Message-ID that is random to anyone without the key (a sequence would link a claim e-mail to the sender's
 * receipt) yet the same for every attempt at one message, so a receiving server can drop a crash-retry's duplicate.
 */
export const messageIdFor = (secret: string, outboxId: number, domain: string) =>
  `<${keyedDigest(secret, 'message-id', String(outboxId)).slice(0, 32)}@${domain}>`;

/** What a delivered or abandoned message no longer keeps. */
export const ERASED_MESSAGE = {
  toAddress: null,
  replyTo: null,
  subject: null,
  textBody: null,
  htmlBody: null,
} as const;

export interface QueuedEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  giftId?: number | null;
  /** A key that makes queueing idempotent: the same key is queued once, ever. */
  dedupeKey?: string | null;
}

export async function queueEmail(tx: DbOrTx, clock: Clock, email: QueuedEmail): Promise<void> {
  const now = clock.now();
  await tx
    .insert(outbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      replyTo: email.replyTo ?? null,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      giftId: email.giftId ?? null,
      dedupeKey: email.dedupeKey ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing();
}

export interface BouncedMessage {
  id: number;
  kind: string;
  giftId: number | null;
  toAddress: string | null;
}

export const OUTBOX_MAX_ATTEMPTS = 12;
const LOCK_MS = 60_000;

/** 5 s, 10 s, 20 s … capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims up to `limit` due messages for LOCK_MS. It runs every second on every instance and nearly always finds
 * nothing: prepared (db/prepared.ts), so drizzle builds it once and PostgreSQL plans it once per connection. Built
 * anew on each run it cost ≈ 2 ms of CPU a run, most of the idle server's (docs/benchmarks.md, "Session 33").
 */
const claimDue = preparedPerDb((db) => {
  const now = sql.placeholder('now');
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
      ),
    )
    .orderBy(outbox.id)
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: sql`${sql.placeholder('lockedUntil')}::timestamptz`, attempts: sql`${outbox.attempts} + 1` })
    .where(sql`${outbox.id} in (${due})`)
    .returning()
    .prepare('outbox_claim_due');
});

export interface DeliveryResult {
  sent: number;
  failed: number;
}

export async function deliverDueEmails(
  deps: {
    db: Db;
    mailer: Mailer;
    clock: Clock;
    messageIdDomain: string;
    /** DIGEST_SECRET: keys the recipient digest and the Message-ID. */
    digestSecret: string;
    /** Called after a message was refused permanently (a bounce), with the failed row. */
    onBounce?: (message: BouncedMessage) => Promise<void>;
    /** Called when a message that kept failing for other reasons had its last attempt, with the last error. */
    onGiveUp?: (message: BouncedMessage, error: string) => Promise<void>;
  },
  limit = 20,
): Promise<DeliveryResult> {
  const { db, mailer, clock } = deps;
  const now = clock.now();
  // As text: placeholders pass to the driver as they are, past the columns' own encoders.
  const claimed = await claimDue(db).execute({
    now: now.toISOString(),
    lockedUntil: new Date(now.getTime() + LOCK_MS).toISOString(),
    limit,
  });

  const keyOf = (row: { toAddress: string | null }) =>
    row.toAddress ? { recipientHash: recipientHash(deps.digestSecret, row.toAddress) } : {};
  const result: DeliveryResult = { sent: 0, failed: 0 };
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    try {
      await mailer.send({
        messageId: messageIdFor(deps.digestSecret, row.id, deps.messageIdDomain),
        to: row.toAddress ?? '',
        replyTo: row.replyTo,
        subject: row.subject ?? '',
        text: row.textBody ?? '',
        html: row.htmlBody,
      });
      await db
        .update(outbox)
        .set({ ...ERASED_MESSAGE, ...keyOf(row), sentAt: clock.now(), lockedUntil: null, lastError: null })
        .where(eq(outbox.id, row.id));
      result.sent++;
    } catch (error) {
      // A permanent refusal (SMTP 5xx) is not retried: the address will not start working by itself.
      const permanent = isPermanentFailure(error);
      const giveUp = permanent || row.attempts >= OUTBOX_MAX_ATTEMPTS;
      const lastError = String((error as Error).message ?? error).slice(0, 500);
      await db
        .update(outbox)
        .set({
          lockedUntil: null,
          lastError,
          nextAttemptAt: new Date(clock.now().getTime() + backoffMs(row.attempts)),
          failedAt: giveUp ? clock.now() : null,
          ...(giveUp ? { ...ERASED_MESSAGE, ...keyOf(row) } : {}),
        })
        .where(eq(outbox.id, row.id));
      if (permanent) await deps.onBounce?.(row);
      else if (giveUp) await deps.onGiveUp?.(row, lastError);
      result.failed++;
    }
  }
  return result;
}
