// The dashboard's Money section: the ledger's totals (decision 017), with skeletons while loading and a message
// when they cannot be read.
import type { AdminMoney } from '../../../shared/schemas/admin-money';
import { errorMessage } from '../../lib/api';
import { formatDollars } from './format';

const FIGURES: Array<{ key: keyof AdminMoney; label: string; hint: string }> = [
  { key: 'collected', label: 'Collected', hint: 'Charged to senders: gift amounts, fees and tips' },
  { key: 'owedToRecipients', label: 'Owed to recipients', hint: 'Held until paid out or refunded' },
  { key: 'paidOut', label: 'Paid out', hint: 'Transferred to recipients, less reversals' },
  { key: 'refunded', label: 'Refunded', hint: 'Returned to senders' },
  { key: 'fees', label: 'Fees', hint: 'Processing fees kept' },
  { key: 'tips', label: 'Tips', hint: 'Platform tips kept' },
  { key: 'disputed', label: 'Disputed', hint: 'Taken back by card disputes, net of disputes won' },
];

export function MoneySection({ money, error }: { money: AdminMoney | undefined; error: unknown }) {
  return (
    <section aria-labelledby="money-title" aria-busy={!money && !error} className="mt-8">
      <h2 id="money-title" className="text-xl font-semibold text-slate-900">
        Money
      </h2>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Could not load the money totals: {errorMessage(error, 'please reload the page')}
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {FIGURES.map((f) => (
            <div
              key={f.key}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="money-figure"
            >
              <dt className="text-sm font-medium text-slate-600" title={f.hint}>
                {f.label}
              </dt>
              {money ? (
                <dd className="mt-1 break-words text-2xl font-bold text-slate-900">{formatDollars(money[f.key])}</dd>
              ) : (
                <dd className="mt-2 h-7 w-20 animate-pulse rounded bg-slate-200" aria-hidden="true" />
              )}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
