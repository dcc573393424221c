// What the share page and the organiser page show (decision 026). The share page: the recipient's first name, the
// message, the number of contributions and the goal progress rounded to 10% — never a name, an amount or an exact
// total (two looks at a total would tell what was given in between). The organiser page adds the total.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { formatCents } from '../../../shared/money.js';
import { roundedProgress, type OrganiserPage, type SharePage } from '../../../shared/schemas/together.js';
import { groupByOrganiserToken, groupByShareToken, type GroupGiftRow } from './find-group.js';
import { shareTokenOf, shareUrl } from './links.js';

/** The states of a share that counts: paid and not withdrawn, refunded or lost to a dispute. */
export const COUNTED_SHARE_STATES = ['paid', 'claim_started', 'transferring', 'claimed'] as const;

export async function groupTotals(db: DbOrTx, groupId: number): Promise<{ count: number; totalCents: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${gifts.amountCents}), 0)::int` })
    .from(gifts)
    .where(and(eq(gifts.groupGiftId, groupId), inArray(gifts.state, [...COUNTED_SHARE_STATES])));
  return { count: row?.count ?? 0, totalCents: row?.total ?? 0 };
}

async function shareView(db: DbOrTx, group: GroupGiftRow) {
  const totals = await groupTotals(db, group.id);
  const page: SharePage = {
    state: group.state,
    recipientFirstName: group.recipientFirstName ?? '',
    personalNote: group.personalNote,
    contributions: totals.count,
    goalProgressPercent: group.goalCents ? roundedProgress(totals.totalCents, group.goalCents) : null,
    deadlineAt: group.deadlineAt.toISOString(),
  };
  return { page, totals };
}

export async function sharePage(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<SharePage> {
  return (await shareView(deps.db, await groupByShareToken(deps.db, token))).page;
}

export async function organiserPage(deps: Pick<ServiceDeps, 'db' | 'config'>, token: string): Promise<OrganiserPage> {
  return organiserView(deps, await groupByOrganiserToken(deps.db, token), token);
}

export async function organiserView(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  group: GroupGiftRow,
  organiserToken: string,
): Promise<OrganiserPage> {
  const { page, totals } = await shareView(deps.db, group);
  return {
    ...page,
    shareUrl: shareUrl(deps.config.publicUrl, shareTokenOf(organiserToken)),
    // Once sent, what the recipient was told; a share withdrawn or refunded later does not change it.
    total: formatCents(group.sentAmountCents ?? totals.totalCents),
    goal: group.goalCents ? formatCents(group.goalCents) : null,
    sentAt: group.sentAt?.toISOString() ?? null,
  };
}
