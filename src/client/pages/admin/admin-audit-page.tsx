// The audit log (decision 020): logins, failures, second-factor and password changes and money actions, newest
// first, 50 a page, with loading, empty and error states.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { isUnauthorized } from '../../features/admin/api';
import { useAuditPage } from '../../features/admin/auth-api';
import { formatDateTime } from '../../features/admin/format';

const actionWords = (action: string) => action.replaceAll('_', ' ');

export default function AdminAuditPage() {
  usePageMeta('Audit log', 'Who did what in the Hushgift admin, and when.');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const audit = useAuditPage(page);
  const sessionGone = audit.data === null || isUnauthorized(audit.error);
  useEffect(() => {
    if (sessionGone) navigate('/admin/login', { replace: true });
  }, [sessionGone, navigate]);
  const entries = audit.data?.entries;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Audit log</h1>
        <Link to="/admin/dashboard" className={buttonClass('outline')}>
          Back to the dashboard
        </Link>
      </div>
      <Card className="mt-6 p-4 sm:p-6">
        <div aria-live="polite" aria-busy={audit.isFetching}>
          {audit.isPending ? (
            <Spinner label="Loading the audit log" />
          ) : audit.error && !isUnauthorized(audit.error) ? (
            <p role="alert" className="py-8 text-center text-red-700">
              Could not load the audit log: {errorMessage(audit.error, 'please try again')}
            </p>
          ) : entries && entries.length === 0 ? (
            <p className="py-8 text-center text-slate-600">Nothing recorded yet</p>
          ) : entries ? (
            <div className="overflow-x-auto" role="region" aria-label="Audit entries" tabIndex={0}>
              <table className="w-full text-left text-sm">
                <thead className="text-slate-600">
                  <tr>
                    <th className="py-2 pr-4">Time</th>
                    <th className="py-2 pr-4">Admin</th>
                    <th className="py-2 pr-4">Action</th>
                    <th className="py-2 pr-4">Gift</th>
                    <th className="py-2 pr-4">Outcome</th>
                    <th className="py-2 pr-4">Client address</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {entries.map((e) => (
                    <tr key={e.id}>
                      <td className="whitespace-nowrap py-2 pr-4">
                        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                      </td>
                      <td className="py-2 pr-4">{e.adminId === null ? 'unknown' : `#${e.adminId}`}</td>
                      <td className="py-2 pr-4">{actionWords(e.action)}</td>
                      <td className="py-2 pr-4 font-mono">{e.target ?? '—'}</td>
                      <td className="py-2 pr-4">{e.outcome}</td>
                      <td className="py-2 pr-4 font-mono">{e.ip ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
        {page > 1 || audit.data?.hasMore ? (
          <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between gap-3">
            <Button variant="outline" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page === 1}>
              Newer
            </Button>
            <span className="text-sm text-slate-600">Page {page}</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage((p) => p + 1)}
              disabled={!audit.data?.hasMore || audit.isPlaceholderData}
            >
              Older
            </Button>
          </nav>
        ) : null}
      </Card>
    </section>
  );
}
