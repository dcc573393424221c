// The eight stat cards of the admin dashboard, with skeletons while loading.
import type { AdminStats } from '../../../shared/schemas/admin';
import { formatDollars } from './format';

const CARDS: Array<{ label: string; value: (s: AdminStats) => string }> = [
  { label: 'Total Gifts', value: (s) => s.total.toLocaleString('en-US') },
  { label: 'Total Volume', value: (s) => formatDollars(s.totalVolume) },
  { label: 'Claimed', value: (s) => s.claimed.toLocaleString('en-US') },
  { label: 'Claimed Volume', value: (s) => formatDollars(s.claimedVolume) },
  { label: 'Pending', value: (s) => s.pending.toLocaleString('en-US') },
  { label: 'Paid', value: (s) => s.paid.toLocaleString('en-US') },
  { label: 'Expired', value: (s) => s.expired.toLocaleString('en-US') },
  { label: 'Refunded', value: (s) => s.refunded.toLocaleString('en-US') },
];

export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <section aria-label="Gift statistics" aria-busy={!stats} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {CARDS.map((card) => (
        <div
          key={card.label}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="stat-card"
        >
          <p className="text-sm font-medium text-slate-600">{card.label}</p>
          {stats ? (
            <p className="mt-1 break-words text-2xl font-bold text-slate-900">{card.value(stats)}</p>
          ) : (
            <div
              className="mt-2 h-7 w-20 animate-pulse rounded bg-slate-200"
              data-testid="stat-skeleton"
              aria-hidden="true"
            />
          )}
        </div>
      ))}
    </section>
  );
}
