// /verification-complete?gift_id=<public id>: polls the onboarding status every 5 s and words it (status-wording.ts).
// The progress, "Account Login" and "Continue account setup" come only with the gift's claim session (its cookie).
import { useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { usePageMeta } from '../../lib/page-meta';
import { claimTokenFor } from '../../features/claim/claim-session';
import { statusWording } from '../../features/claim/status-wording';
import { useGiftStatus } from '../../features/claim/use-gift-status';
import { openInNewTab, useDashboardLogin } from '../../features/claim/use-dashboard-login';

const TONE_CLASS = {
  success: 'bg-green-600',
  progress: 'bg-sky-600 animate-pulse',
  action: 'bg-amber-500',
  ended: 'bg-slate-500',
};

export default function VerificationCompletePage() {
  usePageMeta('Verification status', 'The status of your Hushgift account verification and payout.');
  const [params] = useSearchParams();
  const giftId = params.get('gift_id') ?? '';
  const token = giftId ? claimTokenFor(giftId) : null;
  const status = useGiftStatus(giftId);
  const login = useDashboardLogin(giftId);
  const inClaimSession = Boolean(status.data?.stripeAccount);
  const wording = statusWording(status.data);

  const openDashboard = () =>
    openInNewTab(async () => (await login.mutateAsync()).url).catch((error) =>
      toast({
        title: 'Could not open your account',
        description: errorMessage(error, 'Please try again'),
        variant: 'destructive',
      }),
    );

  let body: React.ReactNode;
  if (!giftId)
    body = (
      <p className="text-slate-700">This link is missing the gift reference. Open the link from your claim page.</p>
    );
  else if (status.isPending) body = <Spinner label="Loading your status" />;
  else if (status.isError)
    body = <p className="text-slate-700">We could not find this gift. Check the link and try again.</p>;
  else
    body = (
      <div role="status" aria-live="polite">
        <span className={cn('mx-auto block h-3 w-3 rounded-full', TONE_CLASS[wording.tone])} aria-hidden="true" />
        <h2 className="mt-3 text-2xl font-bold">{wording.title}</h2>
        <p className="mt-2 text-slate-700">{wording.text}</p>
      </div>
    );

  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <Card className="text-center">
        <h1 className="text-3xl font-bold">Verification status</h1>
        <div className="mt-6">{body}</div>
        {giftId ? (
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button variant="outline" onClick={() => window.location.reload()}>
              Refresh Status
            </Button>
            {inClaimSession ? (
              <Button onClick={openDashboard} disabled={login.isPending}>
                Account Login
              </Button>
            ) : null}
          </div>
        ) : null}
        {token && status.data?.status === 'setup_required' ? (
          <a
            href={`/api/gifts/claim/${encodeURIComponent(token)}/onboarding`}
            className={`${buttonClass('primary')} mt-3 w-full sm:w-auto`}
          >
            Continue account setup
          </a>
        ) : null}
        {giftId && status.data && status.data.status !== 'completed' ? (
          <p className="mt-4 text-sm text-slate-600">This page checks again every 5 seconds.</p>
        ) : null}
      </Card>
    </section>
  );
}
