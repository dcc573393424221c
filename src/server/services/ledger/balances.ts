// Balances from the ledger: only succeeded movements count. One query gives every gift's figures (or the
// totals), so the invariant check and the admin's Money section read the same numbers.
import { sql, type SQL } from 'drizzle-orm';
import { ledgerMovements } from '../../db/schema.js';
import type { LedgerAccount, MovementKind } from './accounts.js';

const m = ledgerMovements;
const settled = sql`${m.state} = 'succeeded'`;
const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);

/** Sum of succeeded movements of one kind. */
export const kindTotal = (kind: MovementKind) =>
  int(sql`sum(${m.amountCents}) filter (where ${settled} and ${m.kind} = ${kind})`);

/** An account's balance on its normal side: credits minus debits (liabilities, revenue) or the reverse (assets, losses). */
export function accountBalance(account: LedgerAccount) {
  const credits = sql`sum(${m.amountCents}) filter (where ${settled} and ${m.creditAccount} = ${account})`;
  const debits = sql`sum(${m.amountCents}) filter (where ${settled} and ${m.debitAccount} = ${account})`;
  const debitNormal = account === 'provider_clearing' || account === 'disputes';
  return debitNormal
    ? int(sql`coalesce(${debits}, 0) - coalesce(${credits}, 0)`)
    : int(sql`coalesce(${credits}, 0) - coalesce(${debits}, 0)`);
}

/** The figures of a set of movements: what was charged, where it went, and what each account holds. */
export const ledgerFigures = {
  charged: int(sql`sum(${m.amountCents}) filter (where ${settled} and ${m.kind} in ('charge', 'fee', 'tip'))`),
  transferred: kindTotal('transfer'),
  reversed: kindTotal('reversal'),
  refunded: kindTotal('refund'),
  /** Taken from our provider balance by disputes, net of disputes won. */
  disputedOut: int(
    sql`coalesce(sum(${m.amountCents}) filter (where ${settled} and ${m.kind} = 'dispute_debit' and ${m.creditAccount} = 'provider_clearing'), 0) - coalesce(sum(${m.amountCents}) filter (where ${settled} and ${m.kind} = 'dispute_credit' and ${m.debitAccount} = 'provider_clearing'), 0)`,
  ),
  /** The disputes (loss) account: what disputes cost, after what the gift's held amount absorbed. */
  disputedNet: accountBalance('disputes'),
  clearing: accountBalance('provider_clearing'),
  owed: accountBalance('owed_to_recipients'),
  fees: accountBalance('fee_revenue'),
  tips: accountBalance('tip_revenue'),
  movements: sql<number>`count(*)::int`.mapWith(Number),
  unsettled: sql<number>`(count(*) filter (where ${m.state} in ('requested', 'in_flight', 'unknown')))::int`.mapWith(
    Number,
  ),
};

export type LedgerFigures = { [K in keyof typeof ledgerFigures]: number };
