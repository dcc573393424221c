// Data retention (docs/data-retention.md, decision 012). 60 days after a gift is claimed, refunded, left expired
// (a refund that never completed) or abandoned unpaid, its personal data is erased — amounts, statuses, dates and provider ids stay as the 7-year payment record. Support messages go
// after 2 years, security log entries after 1 year, expired sessions and sign-in links at once. Payout-account
// links go with the last gift to that address; e-mail addresses typed at failed admin logins are replaced by a
// keyed hash (HMAC under DIGEST_SECRET) after 30 days; sign-in e-mails that were never delivered are erased after a day (their link is dead).
// Every step is a batched, idempotent statement on rows claimed with SKIP LOCKED, so several instances may run it.
import { deleteVerificationCodes } from '../recipient-rights/verify-code.js';
import { and, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  contactMessages,
  recipientAccounts,
  donorLoginTokens,
  giftLinks,
  giftResponses,
  giftSenders,
  recipientLinks,
  giftReports,
  giftNames,
  gifts,
  outbox,
  rateEvents,
  securityLog,
  adminAudit,
  sessions,
  personalDataDueAt,
  recipientNameKey,
  senderNameKey,
} from '../../db/schema.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { ERASED_MESSAGE } from '../../email/outbox.js';
import { keyedDigest, sha256 } from '../../crypto.js';
import { DAY } from '../../clock.js';
import {
  RETENTION_GIFT_DATA_DAYS,
  RETENTION_SECURITY_LOG_DAYS,
  RETENTION_SUPPORT_DAYS,
} from '../../../shared/constants.js';
import { eraseGroupGiftData } from '../together/retention.js';

export interface PurgeResult {
  giftsErased: number;
  contactMessagesDeleted: number;
  securityLogDeleted: number;
  auditLogDeleted: number;
  housekeeping: number;
  payoutAccountsDeleted: number;
  failedLoginAddressesHashed: number;
  /** Group gifts (decision 026) whose personal data was erased. */
  groupGiftsErased: number;
}

/** Failed admin logins and lockouts record the address someone typed: kept readable this long, then hashed. */
export const FAILED_LOGIN_ADDRESS_DAYS = 30;
const HASHED_ACTOR_EVENTS = ['admin.login_failed', 'admin.lockout'];

const BATCH = 500;

/** The search dictionary (gift_names) must not keep a name once no gift carries it. */
async function forgetUnusedNames(tx: DbOrTx, names: string[]): Promise<void> {
  const candidates = names.filter((n) => n.trim() !== '');
  if (candidates.length === 0) return;
  // Waits for any transaction adding a gift with one of these names (it holds the name FOR KEY SHARE), so the
  // check below sees that gift.
  const held = await tx
    .select({ name: giftNames.name })
    .from(giftNames)
    .where(inArray(giftNames.name, candidates))
    .orderBy(giftNames.name)
    .for('update');
  if (held.length === 0) return;
  await tx.delete(giftNames).where(
    and(
      inArray(
        giftNames.name,
        held.map((h) => h.name),
      ),
      sql`not exists (select 1 from ${gifts} where ${recipientNameKey(gifts)} = ${giftNames.name})`,
      sql`not exists (select 1 from ${giftSenders} where ${senderNameKey(giftSenders)} = ${giftNames.name})`,
    ),
  );
}

const ERASED_GIFT_FIELDS = {
  recipientFirstName: null,
  recipientLastName: null,
  recipientEmail: null,
  personalNote: null,
  securityQuestion: null,
  securityAnswerHash: null,
  claimTokenHash: null,
} as const;
/** The sender's identity (gift_senders): the row stays, emptied. */
const ERASED_SENDER_FIELDS = { senderFirstName: null, senderLastName: null, senderEmail: null } as const;
const senderName = sql`coalesce((select ${senderNameKey(giftSenders)} from ${giftSenders} where ${giftSenders.giftId} = ${gifts.id}), '')`;

export async function purgeExpiredData(deps: {
  db: Db;
  clock: Clock;
  config: { digestSecret?: string };
}): Promise<PurgeResult> {
  const now = deps.clock.now();
  const giftCutoff = new Date(now.getTime() - RETENTION_GIFT_DATA_DAYS * DAY);
  const result: PurgeResult = {
    giftsErased: 0,
    contactMessagesDeleted: 0,
    securityLogDeleted: 0,
    auditLogDeleted: 0,
    housekeeping: 0,
    payoutAccountsDeleted: 0,
    failedLoginAddressesHashed: 0,
    groupGiftsErased: 0,
  };

  for (;;) {
    const erased = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: gifts.id, names: sql<string[]>`array[${recipientNameKey(gifts)}, ${senderName}]` })
        .from(gifts)
        // Claimed, refunded, or never paid (from when it was abandoned or created), not yet erased.
        .where(lte(personalDataDueAt(gifts), giftCutoff))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((d) => d.id);
      await tx
        .update(gifts)
        .set({ ...ERASED_GIFT_FIELDS, personalDataErasedAt: now })
        .where(inArray(gifts.id, ids));
      await tx.update(giftSenders).set(ERASED_SENDER_FIELDS).where(inArray(giftSenders.giftId, ids));
      await tx.update(giftResponses).set({ thankYouNote: null }).where(inArray(giftResponses.giftId, ids));
      await forgetUnusedNames(tx, [...new Set(due.flatMap((d) => d.names))]);
      // The sender's gift page and any extra claim links go with the personal data they open.
      await tx.delete(giftLinks).where(inArray(giftLinks.giftId, ids));
      await deleteVerificationCodes(tx, ids);
      await tx.delete(recipientLinks).where(inArray(recipientLinks.giftId, ids));
      await tx.update(giftReports).set({ details: null }).where(inArray(giftReports.giftId, ids));
      // With the address goes its digest: nothing computable from it may stay (not even keyed).
      await tx
        .update(outbox)
        .set({ ...ERASED_MESSAGE, recipientHash: null })
        .where(inArray(outbox.giftId, ids));
      return ids.length;
    });
    result.giftsErased += erased;
    if (erased < BATCH) break;
  }

  result.groupGiftsErased = await eraseGroupGiftData(deps.db, giftCutoff);

  // A payout-account link (recipient e-mail → provider account) lives only while a gift to that address still
  // has its personal data: once the last one is erased, nothing may tie the address to the account.
  const orphanAccounts = await deps.db
    .delete(recipientAccounts)
    .where(
      sql`not exists (select 1 from ${gifts} where lower(${gifts.recipientEmail}) = lower(${recipientAccounts.email}))`,
    )
    .returning({ id: recipientAccounts.id });
  result.payoutAccountsDeleted = orphanAccounts.length;

  const failedLoginCutoff = new Date(now.getTime() - FAILED_LOGIN_ADDRESS_DAYS * DAY);
  result.failedLoginAddressesHashed = await hashFailedLoginActors(
    deps.db,
    deps.config.digestSecret!,
    failedLoginCutoff,
  );

  // A sign-in e-mail not delivered within a day carries a dead link: stop trying and erase it.
  await deps.db
    .update(outbox)
    .set({ ...ERASED_MESSAGE, failedAt: now })
    .where(
      and(
        eq(outbox.kind, 'donor-sign-in'),
        lte(outbox.createdAt, new Date(now.getTime() - DAY)),
        isNotNull(outbox.textBody),
      ),
    );

  const supportCutoff = new Date(now.getTime() - RETENTION_SUPPORT_DAYS * DAY);
  const deletedContacts = await deps.db
    .delete(contactMessages)
    .where(lte(contactMessages.createdAt, supportCutoff))
    .returning({ id: contactMessages.id });
  result.contactMessagesDeleted = deletedContacts.length;
  // The copies of those messages in the outbox go with them.
  await deps.db
    .update(outbox)
    .set({ toAddress: null, replyTo: null, subject: null, textBody: null, htmlBody: null })
    .where(and(eq(outbox.kind, 'contact'), lte(outbox.createdAt, supportCutoff), isNotNull(outbox.textBody)));

  const securityCutoff = new Date(now.getTime() - RETENTION_SECURITY_LOG_DAYS * DAY);
  const deletedLog = await deps.db
    .delete(securityLog)
    .where(lte(securityLog.createdAt, securityCutoff))
    .returning({ id: securityLog.id });
  // The operators' audit log is kept exactly as long as the security log (decision 020).
  const deletedAudit = await deps.db
    .delete(adminAudit)
    .where(lte(adminAudit.createdAt, securityCutoff))
    .returning({ id: adminAudit.id });
  result.securityLogDeleted = deletedLog.length;
  result.auditLogDeleted = deletedAudit.length;

  const expiredSessions = await deps.db
    .delete(sessions)
    .where(or(lt(sessions.absoluteExpiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - DAY))))
    .returning({ id: sessions.idHash });
  const expiredLinks = await deps.db
    .delete(donorLoginTokens)
    .where(lt(donorLoginTokens.expiresAt, new Date(now.getTime() - DAY)))
    .returning({ id: donorLoginTokens.tokenHash });
  const oldAttempts = await deps.db
    .delete(rateEvents)
    .where(lt(rateEvents.createdAt, new Date(now.getTime() - DAY)))
    .returning({ id: rateEvents.id });
  result.housekeeping = expiredSessions.length + expiredLinks.length + oldAttempts.length;
  return result;
}

/**
 * The address typed at a failed login, once 30 days old, becomes `hmac:<HMAC(DIGEST_SECRET, sha256(address))>`: the
 * same address still gives the same value (the log's failures can be grouped), but nobody holding a backup without
 * the secret can test a guessed address. Rows hashed before (plain `sha256:<hex>`) are keyed the same way, so they
 * match the new ones. The HMAC is made here, not in SQL (PGlite has no pgcrypto); an update only takes a row whose
 * actor is still the one read, so instances running this at once never hash twice.
 */
async function hashFailedLoginActors(db: Db, secret: string, cutoff: Date): Promise<number> {
  let count = 0;
  for (;;) {
    const rows = await db
      .select({ id: securityLog.id, actor: securityLog.actor })
      .from(securityLog)
      .where(
        and(
          inArray(securityLog.event, HASHED_ACTOR_EVENTS),
          lte(securityLog.createdAt, cutoff),
          isNotNull(securityLog.actor),
          sql`${securityLog.actor} not like 'hmac:%'`,
        ),
      )
      .limit(BATCH);
    for (const row of rows) {
      const plain = row.actor!.startsWith('sha256:')
        ? row.actor!.slice('sha256:'.length)
        : sha256(row.actor!.toLowerCase());
      const updated = await db
        .update(securityLog)
        .set({ actor: `hmac:${keyedDigest(secret, 'failed-login-address', plain)}` })
        .where(and(eq(securityLog.id, row.id), eq(securityLog.actor, row.actor!)))
        .returning({ id: securityLog.id });
      count += updated.length;
    }
    if (rows.length < BATCH) return count;
  }
}
