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
 * gift_links): 'stop-all' (in every claim e-mail: stop all gifts to this address), 'resume-all' (undo it) and
 * 'resume-sender' (undo a "stop this sender": sender_stops.undo_token_hash names the stop).
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
    check('recipient_links_purpose_check', sql`${t.purpose} in ('stop-all', 'resume-all', 'resume-sender')`),
  ],
);
export type RecipientLinkPurpose = 'stop-all' | 'resume-all' | 'resume-sender';

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

/**
 * "Stop this sender" (issue 25 point 4): the recipient of gift_id asked that its payer's later gifts to their address
 * be refunded whole at payment. Only keyed digests: the address's (address-links.ts) and the payer's identity keys
 * that name a person, not a network (the checkout e-mail's and the card's, services/risk/payer-identity.ts). One stop
 * per gift however often it is clicked; undo_token_hash is the SHA-256 of the undo link e-mailed to the address (a
 * recipient_links row 'resume-sender'). Kept past the gift's erasure, as an address stop is: its owner asked for it.
 */
export const senderStops = pgTable(
  'sender_stops',
  {
    id: serial('id').primaryKey(),
    addressDigest: text('address_digest').notNull(),
    payerKeys: jsonb('payer_keys').$type<string[]>().notNull(),
    giftId: integer('gift_id').notNull(),
    undoTokenHash: text('undo_token_hash').notNull(),
    stoppedAt: ts('stopped_at').notNull(),
  },
  (t) => [
    uniqueIndex('sender_stops_gift_idx').on(t.giftId),
    uniqueIndex('sender_stops_undo_idx').on(t.undoTokenHash),
    index('sender_stops_address_idx').on(t.addressDigest),
  ],
);

/**
 * A gift refunded whole at payment because its recipient stopped its sender: the sender's refund e-mail says "This
 * recipient is not accepting gifts from you" (ledger/settle.ts). No link to the stop: it may be undone meanwhile.
 */
export const senderStopRefunds = pgTable('sender_stop_refunds', {
  giftId: integer('gift_id').primaryKey(),
  refundedAt: ts('refunded_at').notNull(),
});
