// Gift amount, processing fee, platform tip and total, from the shared fee rule.
import { formatUsd, type GiftTotals } from '../../../shared/money';
import { FEE_PLATFORM_PERCENT, FEE_PROCESSING_PERCENT } from '../../../shared/constants';

export function PaymentSummary({ totals }: { totals: GiftTotals }) {
  const row = (label: string, cents: number, hint?: string) => (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-slate-700">
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </dt>
      <dd className="font-medium tabular-nums text-slate-900">{formatUsd(cents)}</dd>
    </div>
  );
  return (
    <div>
      <dl aria-label="Payment summary">
        {row('Gift amount', totals.amount)}
        {row(
          'Processing fee',
          totals.fee,
          `5% + $0.30 (${FEE_PROCESSING_PERCENT}% + $0.30 processing, ${FEE_PLATFORM_PERCENT}% platform)`,
        )}
        {row('Platform tip', totals.tip)}
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3">
          <dt className="text-lg font-semibold text-slate-900">Total</dt>
          <dd className="text-lg font-bold tabular-nums text-slate-900">{formatUsd(totals.total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-600">The recipient gets the full {formatUsd(totals.recipientGets)}.</p>
    </div>
  );
}
