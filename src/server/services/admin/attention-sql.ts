// What puts a gift on the admin's attention list (decision 017), as SQL conditions shared by the list and the
// actions that check a cause is gone. Their shapes match partial indexes (gift_attention_open_idx,
// gift_claim_attempts_frozen_idx, ledger_attention_idx, gift_reports_open_idx), so the list reads only the gifts on it:
//  - flagged: an open gift_attention item says why (attention/items.ts: a permanent payout or refund failure, one
//    failing for longer than MONEY_ATTENTION_AFTER_MINUTES, a payment that does not match its gift, an outside
//    refund, a reversal, …);
//  - a frozen claim (too many wrong answers) on a gift that can still be claimed;
//  - an outgoing movement Hushgift started that failed, or has been failing for longer than the attention delay —
//    even when the flag was cleared, so nothing stuck goes unseen;
//  - a recipient's open report (gift_reports, issue 25), until an operator marks it resolved.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { giftAttention, giftClaimAttempts, giftReports, gifts, ledgerMovements } from '../../db/schema.js';
import { OUTGOING_KINDS } from '../ledger/accounts.js';
import { openAttention } from '../attention/items.js';

const m = ledgerMovements;

const a = giftClaimAttempts;
const frozen = sql`${a.claimFrozenAt} is not null`;

/** A frozen claim on a gift that can still be claimed, as a condition on a gifts row. */
export const frozenClaim = (): SQL =>
  sql`(${gifts.status} = 'paid' and exists (select 1 from ${a} where ${a.giftId} = ${gifts.id} and ${frozen}))`;

/** When the gift's claim was frozen (null when it is not). */
export const claimFrozenAt = (): SQL<Date | null> =>
  sql<Date | null>`(select ${a.claimFrozenAt} from ${a} where ${a.giftId} = ${gifts.id})`.mapWith(a.claimFrozenAt);

/** The ids of the gifts with a frozen claim that can still be claimed: read through gift_claim_attempts_frozen_idx
 * (the predicate has no parameter, so every plan can use the index). */
export const frozenClaimGiftIds = (): SQL =>
  sql`select ${a.giftId} from ${a} join ${gifts} on ${gifts.id} = ${a.giftId} where ${frozen} and ${gifts.status} = 'paid'`;

/** Hushgift's own payouts and refunds (the reconciler's). */
export const outgoing = (): SQL => and(inArray(m.kind, [...OUTGOING_KINDS]), eq(m.origin, 'hushgift'))!;

/** A payout or refund of ours still to be made: open, or failed (Retry now reopens it). Not settled or cancelled. */
export const retryable = (): SQL => and(outgoing(), inArray(m.state, ['requested', 'in_flight', 'unknown', 'failed']))!;

/** Failed, or failing since before `cutoff`: within the predicate of ledger_attention_idx. */
export const stuckMovement = (cutoff: Date): SQL =>
  and(
    outgoing(),
    sql`(${m.state} = 'failed' or (${m.state} in ('requested', 'in_flight', 'unknown') and ${m.failingSince} is not null and ${m.failingSince} <= ${cutoff.toISOString()}::timestamptz))`,
  )!;

/** A recipient's report not yet resolved (issue 25 point 6). */
export const openReport = (): SQL => isNull(giftReports.resolvedAt);

/** The ids of every gift on the list. */
export const listedGiftIds = (cutoff: Date): SQL =>
  sql`(select ${giftAttention.giftId} from ${giftAttention} where ${openAttention()} union ${frozenClaimGiftIds()} union select ${m.giftId} from ${m} where ${stuckMovement(cutoff)} union select ${giftReports.giftId} from ${giftReports} where ${openReport()})`;
