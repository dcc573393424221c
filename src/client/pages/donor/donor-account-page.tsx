// /donor/account: profile header, Overview and Gift History tabs; "No Account Found" without a session.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { AccountTabs } from '../../features/donor/account-tabs';
import { DeleteAccount } from '../../features/donor/delete-account';
import { HistoryTab } from '../../features/donor/history-tab';
import { NoAccount } from '../../features/donor/no-account';
import { OverviewTab } from '../../features/donor/overview-tab';
import { longDate } from '../../features/donor/format';
import { useDonorProfile } from '../../features/donor/use-donor-profile';
import { useGiftHistory } from '../../features/donor/use-gift-history';
import { useSignOut } from '../../features/donor/use-sign-out';

type Tab = 'overview' | 'history';

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export default function DonorAccountPage() {
  usePageMeta('Donor account', 'Your Hushgift donor account: the gifts you sent and what happened to them.');
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('overview');
  const profile = useDonorProfile();
  const history = useGiftHistory(Boolean(profile.data));
  const signOut = useSignOut();

  if (profile.isPending) return <Spinner label="Loading your donor account" />;
  if (profile.isError) {
    return (
      <section className="mx-auto max-w-lg px-4 py-16">
        <LoadError
          message={errorMessage(profile.error, 'We could not load your account. Please try again.')}
          onRetry={() => void profile.refetch()}
        />
      </section>
    );
  }
  if (!profile.data) return <NoAccount />;

  const donor = profile.data;
  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Signed out', description: 'You have been signed out of your donor account.' });
        void navigate('/donor/login', { replace: true });
      },
      onError: (error) =>
        toast({
          title: 'Sign out failed',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });

  let panel: (t: Tab) => React.ReactNode;
  if (history.isPending) panel = () => <Spinner label="Loading your gifts" />;
  else if (history.isError)
    panel = () => (
      <LoadError
        message={errorMessage(history.error, 'We could not load your gifts. Please try again.')}
        onRetry={() => void history.refetch()}
      />
    );
  else {
    const gifts = history.data;
    panel = (t) =>
      t === 'overview' ? (
        <OverviewTab gifts={gifts} onViewHistory={() => setTab('history')} />
      ) : (
        <HistoryTab gifts={gifts} />
      );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">
            {donor.firstName} {donor.lastName}
          </h1>
          <p className="mt-1 break-all text-slate-700">{donor.email}</p>
          <p className="mt-1 text-sm text-slate-600">Member since {longDate(donor.createdAt)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link to="/" className={buttonClass('primary', 'sm')}>
            Send New Gift
          </Link>
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signOut.isPending}>
            {signOut.isPending ? 'Signing out...' : 'Sign out'}
          </Button>
        </div>
      </Card>

      <div className="mt-6 flex justify-end">
        <DeleteAccount />
      </div>

      <div className="mt-8">
        <AccountTabs<Tab>
          label="Donor account"
          active={tab}
          onChange={setTab}
          tabs={[
            { key: 'overview', label: 'Overview', panel: panel('overview') },
            { key: 'history', label: 'Gift History', panel: panel('history') },
          ]}
        />
      </div>
    </section>
  );
}
