// Review (serves /gift/review and /gift/review-new): every detail with edit links, the tip, the payment summary,
// the optional donor account, and "Proceed to Payment". Returning from a canceled checkout shows a notice.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { effectiveTip } from '../../lib/gift-draft';
import { PATHS, reviewBack } from '../../lib/gift-navigation';
import { dollarsToCents, formatUsd, giftTotals } from '../../../shared/money';
import {
  buildGiftPayload,
  donorFieldErrors,
  includesMessage,
  includesSecurityQuestion,
  payloadProblem,
  securityQuestionText,
  type DonorFieldErrors,
} from '../../features/gift/build-payload';
import { DonorOptIn } from '../../features/gift/DonorOptIn';
import { PaymentSummary } from '../../features/gift/PaymentSummary';
import { TipSelector } from '../../features/gift/TipSelector';
import { useCreateGift } from '../../features/gift/use-create-gift';
import { useGiftStep } from '../../features/gift/use-gift-step';

export default function ReviewPage() {
  usePageMeta('Review your gift', 'Check your anonymous gift, add an optional tip, and continue to secure payment.');
  const { draft, save, go } = useGiftStep('review');
  const canceled = useCanceledNotice(draft !== null);
  const createGift = useCreateGift();
  const [donorErrors, setDonorErrors] = useState<DonorFieldErrors>({});
  if (!draft) return null;

  const totals = giftTotals(dollarsToCents(draft.amount), dollarsToCents(effectiveTip(draft)));
  const pay = () => {
    const payload = buildGiftPayload(draft);
    const problem = payloadProblem(payload);
    const fieldErrors = donorFieldErrors(payload);
    setDonorErrors(fieldErrors);
    const firstInvalid = Object.keys(fieldErrors)[0];
    if (firstInvalid) document.getElementById(firstInvalid)?.focus();
    if (problem) {
      toast({ title: 'Error creating gift', description: problem, variant: 'destructive' });
      return;
    }
    createGift.mutate(payload, {
      onError: (error) => toast({ title: 'Error creating gift', description: errorMessage(error, 'Please try again'), variant: 'destructive' }),
    });
  };
  const busy = createGift.isPending || createGift.isSuccess;

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Review Your Gift</h1>
      <p className="mt-2 text-slate-700">Check the details below. You pay on our payment partner's secure, encrypted checkout.</p>
      {canceled ? (
        <div role="status" className="mt-6 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950">
          <p className="font-semibold">Payment canceled</p>
          <p className="text-sm">No payment was taken. Your gift details are saved — review them and proceed when you're ready.</p>
        </div>
      ) : null}

      <div className="mt-6 space-y-4">
        <ReviewCard title="Recipient" editTo={PATHS.recipient} editLabel="Edit recipient">
          <p className="font-medium text-slate-900">
            {draft.recipientFirstName} {draft.recipientLastName}
          </p>
          <p className="break-all text-slate-700">{draft.recipientEmail}</p>
        </ReviewCard>
        <ReviewCard title="Gift Amount" editTo={PATHS.landing} editLabel="Edit amount">
          <p className="text-2xl font-bold text-slate-900">{formatUsd(totals.amount)}</p>
        </ReviewCard>
        {includesMessage(draft) ? (
          <ReviewCard title="Personal Message" editTo={PATHS.message} editLabel="Edit message">
            <p className="whitespace-pre-wrap break-words text-slate-800">{draft.personalNote}</p>
          </ReviewCard>
        ) : null}
        {includesSecurityQuestion(draft) ? (
          <ReviewCard title="Security Question" editTo={PATHS.security} editLabel="Edit security question">
            <p className="text-slate-800">{securityQuestionText(draft)}</p>
            <p className="mt-1 text-slate-700">
              Answer: <span className="font-medium text-slate-900">{draft.securityAnswer}</span>
            </p>
          </ReviewCard>
        ) : null}

        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Add a tip for Hushgift?</h2>
          <p className="mb-3 text-sm text-slate-600">Optional. Tips help keep the service running; the recipient still gets the full gift.</p>
          <TipSelector value={draft} onChange={save} />
        </Card>

        <Card>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Payment Summary</h2>
          <PaymentSummary totals={totals} />
        </Card>

        <Card>
          <DonorOptIn
            value={draft}
            errors={donorErrors}
            onChange={(change) => {
              save(change);
              setDonorErrors({});
            }}
          />
        </Card>
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => go(reviewBack(draft))}>
          Back
        </Button>
        <Button size="lg" onClick={pay} disabled={busy}>
          {busy ? 'Redirecting to payment…' : 'Proceed to Payment'}
        </Button>
      </div>
    </section>
  );
}

function ReviewCard({ title, editTo, editLabel, children }: { title: string; editTo: string; editLabel: string; children: ReactNode }) {
  return (
    <Card>
      <div className="flex items-start justify-between gap-4">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
        <Link to={editTo} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline" aria-label={editLabel}>
          Edit
        </Link>
      </div>
      <div className="mt-2">{children}</div>
    </Card>
  );
}

/** canceled=true: show the notice (and an info toast) once, then remove the parameter from the URL. */
function useCanceledNotice(hasDraft: boolean): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [canceled] = useState(() => params.get('canceled') === 'true');
  useEffect(() => {
    if (!canceled || !hasDraft) return;
    toast({ title: 'Payment canceled', description: 'Your gift details are saved.', variant: 'info' });
    void navigate(pathname, { replace: true });
  }, [canceled, hasDraft, navigate, pathname]);
  return canceled;
}

