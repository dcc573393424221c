// The Review queue (decision 024): every gift held and still undecided, oldest first, with its reasons, its
// payer's last 90 days (gifts, amounts, disputes, refunds, other recipients) and how the payer links to other
// gifts. Operators only. The queue is small (gifts held today), so each item's history is its own query.
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { giftPayers, gifts, riskReviews } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { DAY } from '../../clock.js';
import { formatCents } from '../../../shared/money.js';
import type { ReviewItem, ReviewQueue } from '../../../shared/schemas/admin-risk.js';
import { samePayer } from './payer-record.js';
import { riskFigures } from './figures.js';
import { RISK_REASONS, type RiskReason } from './rules.js';
import { disputeOpenedAt } from '../gifts/money-undecided.js';

const HISTORY_DAYS = 90;

export async function reviewQueue(deps: ServiceDeps): Promise<ReviewQueue> {
  const held = await deps.db
    .select({
      giftId: gifts.id,
      amountCents: gifts.amountCents,
      paidAt: gifts.paidAt,
      state: gifts.state,
      recipientEmail: gifts.recipientEmail,
      heldAt: riskReviews.heldAt,
      reasons: riskReviews.reasons,
      emailKey: giftPayers.emailKey,
      cardKey: giftPayers.cardKey,
      clientKey: giftPayers.clientKey,
    })
    .from(riskReviews)
    .innerJoin(gifts, eq(gifts.id, riskReviews.giftId))
    .leftJoin(giftPayers, eq(giftPayers.giftId, riskReviews.giftId))
    .where(and(isNull(riskReviews.decision), inArray(gifts.state, ['paid', 'claim_started'])))
    .orderBy(asc(riskReviews.heldAt), asc(riskReviews.giftId));
  const now = deps.clock.now();
  const items: ReviewItem[] = [];
  for (const h of held) {
    const identity = { emailKey: h.emailKey, cardKey: h.cardKey, clientKey: h.clientKey };
    items.push({
      giftId: h.giftId,
      amount: formatCents(h.amountCents),
      paidAt: h.paidAt?.toISOString() ?? null,
      heldAt: h.heldAt.toISOString(),
      reasons: h.reasons.map((code) => ({ code, label: RISK_REASONS[code as RiskReason] ?? code })),
      claimed: h.state === 'claim_started',
      history: await history(deps, identity, h.giftId, h.recipientEmail, new Date(now.getTime() - HISTORY_DAYS * DAY)),
      linkage: await linkage(deps, identity, h.giftId, new Date(now.getTime() - DAY)),
    });
  }
  return { items, figures: await riskFigures(deps) };
}

async function history(
  deps: ServiceDeps,
  identity: Parameters<typeof samePayer>[0],
  giftId: number,
  recipientEmail: string | null,
  since: Date,
): Promise<ReviewItem['history']> {
  const match = samePayer(identity);
  const [row] = await deps.db
    .select({
      gifts: sql<number>`count(*)::int`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${gifts.amountCents}), 0)::bigint`.mapWith(Number),
      disputes:
        sql<number>`(count(*) filter (where ${disputeOpenedAt()} is not null or ${gifts.state} = 'disputed'))::int`.mapWith(
          Number,
        ),
      refunds: sql<number>`(count(*) filter (where ${gifts.state} in ('refunding', 'refunded')))::int`.mapWith(Number),
      otherRecipients:
        sql<number>`(count(distinct lower(${gifts.recipientEmail})) filter (where lower(${gifts.recipientEmail}) <> lower(${recipientEmail ?? ''})))::int`.mapWith(
          Number,
        ),
    })
    .from(giftPayers)
    .innerJoin(gifts, eq(gifts.id, giftPayers.giftId))
    .where(and(match ?? sql`${giftPayers.giftId} = ${giftId}`, gt(giftPayers.paidAt, since)));
  const { cents, ...counts } = row ?? { gifts: 0, cents: 0, disputes: 0, refunds: 0, otherRecipients: 0 };
  return { ...counts, amount: formatCents(cents) };
}

async function linkage(
  deps: ServiceDeps,
  identity: Parameters<typeof samePayer>[0],
  giftId: number,
  since: Date,
): Promise<ReviewItem['linkage']> {
  const count = (column: AnyPgColumn, key: string | null) =>
    key
      ? sql<number>`(count(*) filter (where ${column} = ${key}))::int`.mapWith(Number)
      : sql<number>`0`.mapWith(Number);
  const [row] = await deps.db
    .select({
      sameEmail: count(giftPayers.emailKey, identity.emailKey),
      sameCard: count(giftPayers.cardKey, identity.cardKey),
      sameClient: count(giftPayers.clientKey, identity.clientKey),
    })
    .from(giftPayers)
    .where(and(ne(giftPayers.giftId, giftId), gt(giftPayers.paidAt, since), or(samePayer(identity))));
  return row ?? { sameEmail: 0, sameCard: 0, sameClient: 0 };
}
