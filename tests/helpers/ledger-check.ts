// The books a test leaves behind: every invariant of the ledger (src/server/services/ledger/invariants.ts), and one
// the ledger cannot see from its own rows: a gift the provider was paid for has its payment in the ledger (a paid
// gift with no charge, as raw test inserts once made, has no movement for the per-gift checks to look at).
import { and, ne, not, sql } from 'drizzle-orm';
import { gifts, ledgerMovements } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/client.js';
import { checkLedgerInvariants } from '../../src/server/services/ledger/invariants.js';
import { HOUR } from '../../src/server/clock.js';
import { hasOpenAttention } from '../../src/server/services/attention/items.js';

export interface LedgerCheckOptions {
  /** The app's clock: a movement failing longer than attentionAfterMs by it must have its gift flagged. */
  now: () => Date;
  attentionAfterMs: number;
}

export const DEFAULT_LEDGER_CHECK: LedgerCheckOptions = { now: () => new Date(), attentionAfterMs: 2 * HOUR };

/** One line per broken rule; empty when the books hold. */
export async function ledgerViolations(db: Db, options: LedgerCheckOptions = DEFAULT_LEDGER_CHECK): Promise<string[]> {
  const { violations } = await checkLedgerInvariants(db, {
    attentionAfterMs: options.attentionAfterMs,
    now: options.now(),
  });
  const uncharged = await db
    .select({ publicId: gifts.publicId, status: gifts.status })
    .from(gifts)
    .where(
      and(
        ne(gifts.status, 'pending'),
        // A payment that did not match its gift is held for an operator, with or without a charge.
        not(hasOpenAttention(gifts.id)),
        sql`not exists (select 1 from ${ledgerMovements} m where m.gift_id = ${gifts.id} and m.kind = 'charge')`,
      ),
    );
  return [
    ...violations,
    ...uncharged.map((g) => `gift ${g.publicId} (${g.status}): paid, but no charge in the ledger`),
  ];
}
