// The dashboard's "Needs attention" list: every gift an operator must look at (attention-sql.ts), the longest
// waiting first, with its reason, how long it has waited, which actions apply and, for a share of a group gift, its
// group (decision 026). One query; the partial indexes named in attention-sql.ts keep it to the gifts on the list
// whatever the number of gifts.
import { asc, eq, sql } from 'drizzle-orm';
import { giftReports, gifts, ledgerMovements } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { formatCents } from '../../../shared/money.js';
import { ATTENTION_LIST_LIMIT, type AttentionItem, type AttentionList } from '../../../shared/schemas/admin-money.js';
import type { GiftStatus } from '../../../shared/statuses.js';
import { FROZEN_REASON } from '../claims/claim.js';
import { moneyUndecided } from '../gifts/money-undecided.js';
import { claimFrozenAt, frozenClaim, listedGiftIds, openReport, retryable, stuckMovement } from './attention-sql.js';
import { groupColumns, groupOf } from './gift-view.js';
import { openAttentionSince, openAttentionText } from '../attention/items.js';
import { senderColumns } from '../gifts/sender.js';

const m = ledgerMovements;
const asDate = <T extends Date | null>(expr: ReturnType<typeof sql>) => sql<T>`${expr}`.mapWith(gifts.createdAt);

/** The movement words used in reasons. */
export const MOVEMENT_WORDS: Record<string, string> = {
  transfer: 'Transfer to the recipient',
  refund: 'Refund to the sender',
};

/** A recipient's report in the operator's words: why, what they wrote, and who paid (issue 25 point 6). */
function reportReason(report: { reason: string; details: string | null; payerKeys: string[] }, payer: string | null) {
  const details = report.details ? `: "${report.details}"` : '';
  const keys = report.payerKeys.map((k) => k.slice(0, 12)).join(', ');
  return `Reported by the recipient (${report.reason})${details}. Payer: ${payer ?? 'erased'} (payer keys ${keys || 'none'})`;
}

export async function attentionList(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>): Promise<AttentionList> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.moneyAttentionAfterMs);
  const stuck = deps.db
    .select({
      giftId: m.giftId,
      failingSince: sql<Date>`min(${m.failingSince})`.mapWith(gifts.createdAt).as('stuck_since'),
      kind: sql<string>`(array_agg(${m.kind} order by ${m.id} desc))[1]`.as('stuck_kind'),
      lastError: sql<string | null>`(array_agg(${m.lastError} order by ${m.id} desc))[1]`.as('stuck_error'),
      failed: sql<boolean>`bool_or(${m.state} = 'failed')`.as('stuck_failed'),
    })
    .from(m)
    .where(stuckMovement(cutoff))
    .groupBy(m.giftId)
    .as('stuck');
  const frozen = frozenClaim();
  // When the oldest cause began: the failing movement's first failure, the freeze, the oldest open item, the
  // report, else payment.
  const since = sql`coalesce(${stuck.failingSince}, case when ${frozen} then ${claimFrozenAt()} end, ${openAttentionSince(gifts.id)}, (select ${giftReports.createdAt} from ${giftReports} where ${giftReports.giftId} = ${gifts.id} and ${openReport()}), ${gifts.paidAt}, ${gifts.createdAt})`;
  const rows = await deps.db
    .select({
      giftId: gifts.id,
      status: gifts.status,
      amountCents: gifts.amountCents,
      flagged: openAttentionText(gifts.id),
      frozen: sql<boolean>`${frozen}`,
      stuckKind: stuck.kind,
      stuckError: stuck.lastError,
      stuckFailed: stuck.failed,
      since: asDate<Date>(since),
      canRetry: sql<boolean>`exists (select 1 from ${m} where ${m.giftId} = ${gifts.id} and ${retryable()})`,
      canRefund: sql<boolean>`(${moneyUndecided()})`,
      senderEmail: senderColumns.senderEmail,
      ...groupColumns,
      report: sql<{
        reason: string;
        details: string | null;
        payerKeys: string[];
        createdAt: string;
      } | null>`(select json_build_object('reason', ${giftReports.reason}, 'details', ${giftReports.details}, 'payerKeys', ${giftReports.payerKeys}, 'createdAt', ${giftReports.createdAt}) from ${giftReports} where ${giftReports.giftId} = ${gifts.id} and ${openReport()})`,
      total: sql<number>`(count(*) over ())::int`.mapWith(Number),
    })
    .from(gifts)
    .leftJoin(stuck, eq(stuck.giftId, gifts.id))
    .where(sql`${gifts.id} in ${listedGiftIds(cutoff)}`)
    .orderBy(asc(since), asc(gifts.id))
    .limit(ATTENTION_LIST_LIMIT);

  const items = rows.map((r): AttentionItem => {
    const causes: AttentionItem['causes'] = [];
    if (r.flagged) causes.push('flagged');
    if (r.frozen) causes.push('frozen_claim');
    if (r.stuckKind) causes.push('failed_movement');
    if (r.report) causes.push('reported');
    const movementReason = r.stuckKind
      ? `${MOVEMENT_WORDS[r.stuckKind] ?? r.stuckKind} ${r.stuckFailed ? 'failed' : 'keeps failing'}${r.stuckError ? `: ${r.stuckError}` : ''}`
      : null;
    return {
      giftId: r.giftId,
      status: r.status as GiftStatus,
      amount: formatCents(r.amountCents),
      reason: r.flagged ?? movementReason ?? (r.report ? reportReason(r.report, r.senderEmail) : FROZEN_REASON),
      causes,
      since: r.since.toISOString(),
      ageSeconds: Math.max(0, Math.floor((now.getTime() - r.since.getTime()) / 1000)),
      canRetry: r.canRetry,
      canRefund: r.canRefund,
      canResolve: Boolean(r.flagged || r.report) && !r.frozen && !r.stuckKind,
      group: groupOf({ id: r.giftId, groupPublicId: r.groupPublicId, groupLeadId: r.groupLeadId }),
    };
  });
  return { items, total: rows[0]?.total ?? 0 };
}
