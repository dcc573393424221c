// Admin dashboard: Process Expired and Logout, eight stat cards, the Money section and the Needs attention list
// (decision 017), the Review queue and Blocks (decision 024), and Gift Management with search, status filter, the gift table with Resend Email and Unfreeze
// claim. An absent or expired session goes to /admin/login.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { StatCards } from '../../features/admin/stat-cards';
import { GiftTable } from '../../features/admin/gift-table';
import { useDebounced } from '../../features/admin/use-debounced';
import { MoneySection } from '../../features/admin/money-section';
import { AttentionList } from '../../features/admin/attention-list';
import { useAdminMoney, useAttentionList } from '../../features/admin/money-api';
import { useAdminMe } from '../../features/admin/auth-api';
import { useStepUp } from '../../features/admin/step-up-dialog';
import { ReviewQueue } from '../../features/admin/review-queue';
import { useBlocks, useReviewQueue, useRiskRules } from '../../features/admin/risk-api';
import { BlocksSection } from '../../features/admin/blocks-section';
import {
  isUnauthorized,
  useAdminLogout,
  useAdminStats,
  useProcessExpired,
  useRecentGifts,
  useResendEmail,
  useSearchGifts,
  useUnfreezeClaim,
} from '../../features/admin/api';
import { GIFT_STATUSES, statusLabel } from '../../../shared/statuses';

const SEARCH_DEBOUNCE_MS = 300;

export default function AdminDashboardPage() {
  usePageMeta('Admin Dashboard', 'Hushgift administration: statistics and gift management.');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const filtered = q !== '' || status !== 'all';

  const stats = useAdminStats();
  const money = useAdminMoney(stats.data != null);
  const attention = useAttentionList(stats.data != null);
  const review = useReviewQueue(stats.data != null);
  const rules = useRiskRules(stats.data != null);
  const blocks = useBlocks(stats.data != null);
  const recent = useRecentGifts(stats.data != null && !filtered);
  const results = useSearchGifts({ q, status, page }, stats.data != null && filtered);
  const list = filtered ? results : recent;
  const gifts = filtered ? results.data?.gifts : recent.data;

  const resend = useResendEmail();
  const unfreeze = useUnfreezeClaim();
  const me = useAdminMe();
  const stepUp = useStepUp(me.data?.secondFactor ?? false);
  const processExpired = useProcessExpired(stepUp.guard);
  const logout = useAdminLogout();

  const sessionGone =
    stats.data === null ||
    [
      stats.error,
      money.error,
      attention.error,
      review.error,
      blocks.error,
      list.error,
      resend.error,
      unfreeze.error,
      processExpired.error,
    ].some(isUnauthorized);
  useEffect(() => {
    if (sessionGone) navigate('/admin/login', { replace: true });
  }, [sessionGone, navigate]);
  // A new search or filter starts at its first page.
  useEffect(() => setPage(1), [q, status]);

  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: () =>
        toast({ title: 'Email resent successfully', description: 'The recipient has been notified again' }),
      onError: (error) =>
        toast({
          title: 'Failed to resend email',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });

  const onUnfreeze = (id: number) =>
    unfreeze.mutate(id, {
      onSuccess: () =>
        toast({ title: 'Claim unfrozen', description: `Gift #${id} can be claimed again with its security answer` }),
      onError: (error) =>
        toast({
          title: 'Failed to unfreeze the claim',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });

  const onProcessExpired = () =>
    processExpired.mutate(undefined, {
      onSuccess: (data) =>
        toast({ title: 'Expired gifts processed', description: `${data.processed} gifts were processed` }),
      onError: (error) =>
        toast({
          title: 'Error processing expired gifts',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });

  const onLogout = () => logout.mutate(undefined, { onSettled: () => navigate('/admin/login') });

  const clear = () => {
    setSearch('');
    setStatus('all');
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Admin Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/audit" className={buttonClass('outline')}>
            Audit log
          </Link>
          <Link to="/admin/password" className={buttonClass('outline')}>
            Change password
          </Link>
          <Button onClick={onProcessExpired} disabled={processExpired.isPending || !stats.data}>
            {processExpired.isPending ? 'Processing...' : 'Process Expired'}
          </Button>
          <Button variant="outline" onClick={onLogout} disabled={logout.isPending}>
            Logout
          </Button>
        </div>
      </div>

      {me.data && !me.data.secondFactor ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          This account has no second factor: anyone with its password can sign in.{' '}
          <Link to="/admin/second-factor" className="font-medium underline">
            Set up an authenticator app
          </Link>
        </p>
      ) : null}
      {stepUp.element}

      <div className="mt-6">
        <StatCards stats={stats.data ?? undefined} />
        {stats.error && !isUnauthorized(stats.error) ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            Could not load the statistics: {errorMessage(stats.error, 'please reload the page')}
          </p>
        ) : null}
      </div>

      <MoneySection money={money.data ?? undefined} error={isUnauthorized(money.error) ? null : money.error} />
      <AttentionList
        list={attention.data ?? undefined}
        error={isUnauthorized(attention.error) ? null : attention.error}
        loading={attention.isPending && attention.fetchStatus !== 'idle'}
        reload={() => void attention.refetch()}
        guard={stepUp.guard}
      />
      <ReviewQueue
        queue={review.data ?? undefined}
        rules={rules.data ?? undefined}
        error={isUnauthorized(review.error) ? null : review.error}
        loading={review.isPending && review.fetchStatus !== 'idle'}
        reload={() => void review.refetch()}
        guard={stepUp.guard}
      />
      <BlocksSection
        blocks={blocks.data ?? undefined}
        error={isUnauthorized(blocks.error) ? null : blocks.error}
        loading={blocks.isPending && blocks.fetchStatus !== 'idle'}
        guard={stepUp.guard}
      />

      <Card className="mt-8 p-4 sm:p-6">
        <h2 className="text-xl font-semibold text-slate-900">Gift Management</h2>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <div className="flex-1">
            <label htmlFor="gift-search" className="sr-only">
              Search gifts
            </label>
            <Input
              id="gift-search"
              type="search"
              placeholder="Search by email, name, or claim token..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={200}
            />
          </div>
          <div className="sm:w-48">
            <label htmlFor="gift-status" className="sr-only">
              Filter by status
            </label>
            <Select id="gift-status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="all">All Status</option>
              {GIFT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </Select>
          </div>
          {search !== '' || status !== 'all' ? (
            <Button variant="ghost" onClick={clear}>
              Clear
            </Button>
          ) : null}
        </div>

        <div className="mt-4" aria-live="polite" aria-busy={list.isFetching}>
          {list.isPending && list.fetchStatus !== 'idle' ? (
            <Spinner label="Loading gifts" />
          ) : list.error && !isUnauthorized(list.error) ? (
            <p role="alert" className="py-8 text-center text-red-700">
              Could not load gifts: {errorMessage(list.error, 'please try again')}
            </p>
          ) : gifts && gifts.length > 0 ? (
            <GiftTable
              gifts={gifts}
              onResend={onResend}
              resendingId={resend.isPending ? (resend.variables ?? null) : null}
              onUnfreeze={onUnfreeze}
              unfreezingId={unfreeze.isPending ? (unfreeze.variables ?? null) : null}
            />
          ) : gifts ? (
            <p className="py-8 text-center text-slate-600">
              {filtered ? 'No gifts found matching your criteria' : 'No gifts found'}
            </p>
          ) : null}
        </div>

        {filtered && (page > 1 || results.data?.hasMore) ? (
          <nav aria-label="Search result pages" className="mt-4 flex items-center justify-between gap-3">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage((p) => Math.max(1, p - 1))}
              disabled={page === 1}
            >
              Previous
            </Button>
            <span className="text-sm text-slate-600">Page {page}</span>
            <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={!results.data?.hasMore}>
              Next
            </Button>
          </nav>
        ) : null}
      </Card>
    </section>
  );
}
