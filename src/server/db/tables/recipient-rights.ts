// Tables of the recipient's rights (issue 25). Addresses and codes are kept only as keyed digests (crypto.ts
// keyedDigest under DIGEST_SECRET): a reader of the database or a backup cannot test a guess against them.
// gift_id has no foreign key: this file may not import schema.ts (which re-exports it; no import cycles).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
