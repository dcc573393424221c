// Overview: the four stat cards, the latest five gifts, and quick actions.
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { StatusBadge } from '../../components/ui/status-badge';
import { DONOR_RECENT_COUNT } from '../../../shared/constants';
import { donorStats } from '../../../shared/donor-stats';
import { formatUsd } from '../../../shared/money';
import type { DonorGift } from '../../../shared/schemas/donor';
import { EmptyGifts } from './empty-gifts';
import { recipientName, shortDate, usd } from './format';

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </Card>
  );
}

export function OverviewTab({ gifts, onViewHistory }: { gifts: DonorGift[]; onViewHistory: () => void }) {
  const stats = donorStats(gifts);
  const recent = gifts.slice(0, DONOR_RECENT_COUNT);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Gifts Sent" value={String(stats.totalGifts)} />
        <StatCard label="Total Amount Sent" value={formatUsd(stats.totalAmountCents)} />
        <StatCard label="Gifts Claimed" value={String(stats.claimedGifts)} />
        <StatCard label="Amount Delivered" value={formatUsd(stats.deliveredCents)} />
      </dl>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold text-slate-900">Recent Gift Activity</h2>
          {recent.length === 0 ? (
            <EmptyGifts />
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {recent.map((gift) => (
                <li key={gift.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">
                      {usd(gift.amount)} to {recipientName(gift)}
                    </p>
                    <p className="text-sm text-slate-600">{shortDate(gift.createdAt)}</p>
                  </div>
                  <StatusBadge status={gift.status} />
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Quick Actions</h2>
          <div className="mt-4 flex flex-col gap-3">
            <Link to="/" className={buttonClass('primary')}>
              Send New Gift
            </Link>
            <Button variant="outline" onClick={onViewHistory}>
              View Full History
            </Button>
          </div>
        </Card>
      </div>
    </div>
  );
}
