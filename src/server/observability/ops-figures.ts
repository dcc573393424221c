// The database figures an operator watches, read for the metrics: e-mail waiting in the outbox, gifts on the
// attention list, money held, and the ledger's invariant check. Each read uses an index that holds only the rows
// it counts (outbox_due_idx, the attention list's partial indexes); the ledger check aggregates every movement,
// so metrics.ts caches it far longer than the rest.
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import { outbox } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';
import { frozenClaimGiftIds, listedGiftIds } from '../services/admin/attention-sql.js';
import { checkLedgerInvariants } from '../services/ledger/invariants.js';
import { giftDisputes } from '../db/schema.js';

export interface OpsFigures {
  outboxPending: number;
  /** Age of the oldest message not yet delivered nor given up; 0 when none waits. */
  outboxOldestAgeSeconds: number;
  attentionOpen: number;
  claimFrozen: number;
  disputeOpen: number;
}

type Deps = Pick<ServiceDeps, 'db' | 'clock' | 'config'>;

export async function readOpsFigures(deps: Deps): Promise<OpsFigures> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.moneyAttentionAfterMs);
  const [mail] = await deps.db
    .select({
      pending: sql<number>`count(*)::int`.mapWith(Number),
      oldest: sql<Date | null>`min(${outbox.createdAt})`.mapWith(outbox.createdAt),
    })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt)));
  const [attention] = await deps.db
    .execute<{ open: number }>(sql`select count(*)::int as open from ${listedGiftIds(cutoff)} as listed`)
    .then((r) => (r as unknown as { rows: Array<{ open: number }> }).rows);
  // A frozen claim is on the attention list's index; an open dispute is a gift_disputes row (few: only disputed gifts).
  const [held] = await deps.db
    .select({
      claimFrozen: sql<number>`(select count(*) from (${frozenClaimGiftIds()}) as frozen)::int`.mapWith(Number),
      disputeOpen:
        sql<number>`(select count(*) from ${giftDisputes} where ${isNotNull(giftDisputes.disputeOpenedAt)})::int`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return {
    outboxPending: mail?.pending ?? 0,
    outboxOldestAgeSeconds: mail?.oldest ? Math.max(0, (now.getTime() - mail.oldest.getTime()) / 1000) : 0,
    attentionOpen: Number(attention?.open ?? 0),
    claimFrozen: held?.claimFrozen ?? 0,
    disputeOpen: held?.disputeOpen ?? 0,
  };
}

/** How many ledger invariants are broken right now (0 when the books balance). */
export async function countLedgerViolations(deps: Deps): Promise<number> {
  const check = await checkLedgerInvariants(deps.db, {
    attentionAfterMs: deps.config.moneyAttentionAfterMs,
    now: deps.clock.now(),
  });
  return check.violations.length;
}
