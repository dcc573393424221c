// The dashboard's Money section: the ledger's totals in one query over ledger_totals, the running sums the
// triggers of migration 0011 keep per kind and accounts (a few hundred rows at any number of gifts; an aggregate
// over the movements themselves grows with them, decision 017).
import { ledgerTotals } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { formatCents } from '../../../shared/money.js';
import type { AdminMoney } from '../../../shared/schemas/admin-money.js';
import { runningTotalFigures } from '../ledger/balances.js';

export async function moneyTotals(deps: Pick<ServiceDeps, 'db'>): Promise<AdminMoney> {
  const [t] = await deps.db.select(runningTotalFigures).from(ledgerTotals);
  return {
    collected: formatCents(t!.charged),
    owedToRecipients: formatCents(t!.owed),
    paidOut: formatCents(t!.transferred - t!.reversed),
    refunded: formatCents(t!.refunded),
    fees: formatCents(t!.fees),
    tips: formatCents(t!.tips),
    disputed: formatCents(t!.disputedOut),
  };
}
