// The one checking function for what SQL constraints cannot say (decision 014). Constraints already hold every
// movement balanced (one debit, one credit, same positive amount), keys unique, and one live payout-or-refund per
// gift. This checks, per gift and in total, to the cent:
//  - charged = transferred − reversed + refunded + disputed + still held: where the money went;
//  - what is held = owed to the recipient + fee + tip − dispute losses: the accounts sum to zero;
//  - nothing paid out or refunded beyond what was charged (no account of a gift below zero);
//  - a settled gift owes nothing: claimed, refunded or disputed with no movement open → owed is zero, unless an
//    operator is told (an open attention item), as after a reversed transfer;
//  - statuses agree with movements: claimed ↔ one succeeded transfer, refunded ↔ a succeeded refund, a
//    pending gift has moved no money;
//  - nothing is parked: a failed movement, or one failing longer than the attention delay, has its gift on the
//    attention list;
//  - the running totals (ledger_totals, kept by triggers) equal the sums over the movements.
import { eq, sql } from 'drizzle-orm';
import { gifts, ledgerMovements, ledgerTotals } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { hasOpenAttention } from '../attention/items.js';
import { ledgerFigures, runningTotalFigures, type LedgerFigures, type MoneyFigures } from './balances.js';

export interface LedgerCheck {
  gifts: number;
  movements: number;
  totals: LedgerFigures;
  /** One line per broken rule, naming the gift; empty when every invariant holds. */
  violations: string[];
}

export async function checkLedgerInvariants(
  db: Db,
  options: { attentionAfterMs: number; now: Date },
): Promise<LedgerCheck> {
  const perGift = await db
    .select({
      giftId: ledgerMovements.giftId,
      publicId: gifts.publicId,
      status: gifts.status,
      flagged: sql<boolean>`${hasOpenAttention(ledgerMovements.giftId)}`,
      transfers:
        sql<number>`(count(*) filter (where ${ledgerMovements.kind} = 'transfer' and ${ledgerMovements.state} = 'succeeded'))::int`.mapWith(
          Number,
        ),
      hushgiftRefunds:
        sql<number>`(count(*) filter (where ${ledgerMovements.kind} = 'refund' and ${ledgerMovements.state} = 'succeeded'))::int`.mapWith(
          Number,
        ),
      parked:
        sql<number>`(count(*) filter (where ${ledgerMovements.state} = 'failed' or (${ledgerMovements.state} in ('requested', 'in_flight', 'unknown') and ${ledgerMovements.failingSince} <= ${new Date(options.now.getTime() - options.attentionAfterMs).toISOString()}::timestamptz)))::int`.mapWith(
          Number,
        ),
      ...ledgerFigures,
    })
    .from(ledgerMovements)
    .innerJoin(gifts, eq(gifts.id, ledgerMovements.giftId))
    .groupBy(ledgerMovements.giftId, gifts.publicId, gifts.status);

  const violations: string[] = [];
  for (const g of perGift) {
    const at = `gift ${g.publicId} (${g.status})`;
    const accounted = g.transferred - g.reversed + g.refunded + g.disputedOut + g.clearing;
    if (g.charged !== accounted) violations.push(`${at}: charged ${g.charged} ≠ accounted ${accounted}`);
    if (g.clearing + g.disputedNet !== g.owed + g.fees + g.tips) violations.push(`${at}: accounts do not sum to zero`);
    if (g.owed < 0 || g.fees < 0 || g.tips < 0) violations.push(`${at}: paid out or refunded beyond what was charged`);
    if (g.transferred - g.reversed + g.refunded > g.charged) violations.push(`${at}: more left than was charged`);
    const settled = g.status === 'claimed' || g.status === 'refunded' || g.status === 'disputed';
    if (settled && g.unsettled === 0 && g.owed !== 0 && !g.flagged)
      violations.push(`${at}: settled but still owes ${g.owed}`);
    if (g.status === 'claimed' && g.transfers !== 1) violations.push(`${at}: ${g.transfers} succeeded transfers`);
    if (g.status === 'refunded' && g.hushgiftRefunds + (g.refunded > 0 ? 1 : 0) === 0)
      violations.push(`${at}: no refund`);
    if (g.status === 'pending') violations.push(`${at}: money moved for an unpaid gift`);
    if (g.parked > 0 && !g.flagged)
      violations.push(`${at}: a movement is stuck and the gift is not on the attention list`);
  }

  const [totals] = await db.select(ledgerFigures).from(ledgerMovements);
  const sum = (key: keyof LedgerFigures) => perGift.reduce((n, g) => n + g[key], 0);
  for (const key of Object.keys(ledgerFigures) as Array<keyof LedgerFigures>) {
    if (sum(key) !== totals![key]) violations.push(`total ${key}: ${totals![key]} ≠ sum over gifts ${sum(key)}`);
  }
  const t = totals!;
  if (t.clearing + t.disputedNet !== t.owed + t.fees + t.tips) violations.push('accounts do not sum to zero in total');
  // The running totals the triggers keep (the admin's Money section) say the same as the movements.
  const [running] = await db.select(runningTotalFigures).from(ledgerTotals);
  for (const key of Object.keys(runningTotalFigures) as Array<keyof MoneyFigures>) {
    if (running![key] !== t[key]) violations.push(`running total ${key}: ${running![key]} ≠ movements ${t[key]}`);
  }
  return { gifts: perGift.length, movements: t.movements, totals: t, violations };
}
