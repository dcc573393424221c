// Balances from the ledger: only succeeded movements count. The same expressions read the movements themselves
// (every gift's figures, for the invariant check) or the running totals the triggers keep (ledger_totals, the
// admin's Money section, decision 017), so both always mean the same thing.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ledgerMovements, ledgerTotals } from '../../db/schema.js';
import type { LedgerAccount, MovementKind } from './accounts.js';

/** Where amounts are read from: a table with kind, debit and credit account, an amount, and which rows count. */
interface AmountSource {
  amount: AnyPgColumn;
  kind: AnyPgColumn;
  debit: AnyPgColumn;
  credit: AnyPgColumn;
  /** The rows that count toward balances. */
  counts: SQL;
}

const movementRows: AmountSource = {
  amount: ledgerMovements.amountCents,
  kind: ledgerMovements.kind,
  debit: ledgerMovements.debitAccount,
  credit: ledgerMovements.creditAccount,
  counts: sql`${ledgerMovements.state} = 'succeeded'`,
};

/** ledger_totals holds succeeded movements only. */
const totalRows: AmountSource = {
  amount: ledgerTotals.amountCents,
  kind: ledgerTotals.kind,
  debit: ledgerTotals.debitAccount,
  credit: ledgerTotals.creditAccount,
  counts: sql`true`,
};

const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);

function figuresOf(s: AmountSource) {
  const sumWhere = (condition: SQL) => sql`sum(${s.amount}) filter (where ${s.counts} and ${condition})`;
  const kindTotal = (kind: MovementKind) => int(sumWhere(sql`${s.kind} = ${kind}`));
  const accountBalance = (account: LedgerAccount) => {
    const credits = sumWhere(sql`${s.credit} = ${account}`);
    const debits = sumWhere(sql`${s.debit} = ${account}`);
    const debitNormal = account === 'provider_clearing' || account === 'disputes';
    return debitNormal
      ? int(sql`coalesce(${debits}, 0) - coalesce(${credits}, 0)`)
      : int(sql`coalesce(${credits}, 0) - coalesce(${debits}, 0)`);
  };
  const figures = {
    charged: int(sumWhere(sql`${s.kind} in ('charge', 'fee', 'tip')`)),
    transferred: kindTotal('transfer'),
    reversed: kindTotal('reversal'),
    refunded: kindTotal('refund'),
    /** Taken from our provider balance by disputes, net of disputes won. */
    disputedOut: int(
      sql`coalesce(${sumWhere(sql`${s.kind} = 'dispute_debit' and ${s.credit} = 'provider_clearing'`)}, 0) - coalesce(${sumWhere(sql`${s.kind} = 'dispute_credit' and ${s.debit} = 'provider_clearing'`)}, 0)`,
    ),
    /** The disputes (loss) account: what disputes cost, after what the gift's held amount absorbed. */
    disputedNet: accountBalance('disputes'),
    clearing: accountBalance('provider_clearing'),
    owed: accountBalance('owed_to_recipients'),
    fees: accountBalance('fee_revenue'),
    tips: accountBalance('tip_revenue'),
  };
  return { kindTotal, accountBalance, figures };
}

const movements = figuresOf(movementRows);

/** Sum of succeeded movements of one kind. */
export const kindTotal = movements.kindTotal;

/** An account's balance on its normal side: credits minus debits (liabilities, revenue) or the reverse (assets, losses). */
export const accountBalance = movements.accountBalance;

/** Where the money went, from the running totals (select … from ledger_totals). */
export const runningTotalFigures = figuresOf(totalRows).figures;
export type MoneyFigures = { [K in keyof typeof runningTotalFigures]: number };

/** The figures of a set of movements: what was charged, where it went, and what each account holds. */
export const ledgerFigures = {
  ...movements.figures,
  movements: sql<number>`count(*)::int`.mapWith(Number),
  unsettled:
    sql<number>`(count(*) filter (where ${ledgerMovements.state} in ('requested', 'in_flight', 'unknown')))::int`.mapWith(
      Number,
    ),
};

export type LedgerFigures = { [K in keyof typeof ledgerFigures]: number };
