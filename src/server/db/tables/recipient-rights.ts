// Tables of the recipient's rights (issue 25). Addresses and codes are kept only as keyed digests (crypto.ts
// keyedDigest under DIGEST_SECRET): a reader of the database or a backup cannot test a guess against them.
// gift_id has no foreign key: this file may not import schema.ts (which re-exports it; no import cycles).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The verification code of each claim e-mail (each e-mail mints its own): only its keyed digest. */
export const giftVerificationCodes = pgTable(
  'gift_verification_codes',
  {
    codeDigest: text('code_digest').primaryKey(),
    giftId: integer('gift_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('gift_verification_codes_gift_idx').on(t.giftId)],
);

/**
 * Links e-mailed to a recipient's address that act on the address, not on one gift (only the token's SHA-256, as
 * gift_links): 'stop-all' (in every claim e-mail: stop all gifts to this address) and 'resume-all' (undo it).
 * gift_id: the gift whose e-mail carried it (its address is where a confirmation goes); the retention job deletes
 * a gift's links with its personal data. An undo link has none: it outlives the gifts, as the stop does.
 */
export const recipientLinks = pgTable(
  'recipient_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').$type<RecipientLinkPurpose>().notNull(),
    addressDigest: text('address_digest').notNull(),
    giftId: integer('gift_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('recipient_links_gift_idx').on(t.giftId),
    check('recipient_links_purpose_check', sql`${t.purpose} in ('stop-all', 'resume-all')`),
  ],
);
export type RecipientLinkPurpose = 'stop-all' | 'resume-all';

/** Addresses whose owner stopped all gifts (issue 25 point 5): new gifts to them are refused at creation. */
export const addressStops = pgTable('address_stops', {
  addressDigest: text('address_digest').primaryKey(),
  stoppedAt: ts('stopped_at').notNull(),
});

/**
 * "Report this gift" (issue 25 point 6): an open report puts its gift on the operator's attention list (decision
 * 017) with the payer's identity keys, until an operator marks it resolved. details is what the recipient typed,
 * erased with the gift's personal data.
 */
export const giftReports = pgTable(
  'gift_reports',
  {
    id: serial('id').primaryKey(),
    giftId: integer('gift_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    /** payerIdentityKeys() of the gift's payer when reported (keyed digests). */
    payerKeys: jsonb('payer_keys').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    // One open report per gift: reporting again while it is open changes nothing.
    uniqueIndex('gift_reports_open_idx')
      .on(t.giftId)
      .where(sql`${t.resolvedAt} is null`),
    check('gift_reports_reason_check', sql`${t.reason} in ('harassment', 'scam', 'other')`),
  ],
);
