// Review (serves /gift/review and /gift/review-new): every detail with edit links, the tip, the payment summary,
// the optional donor account, "See what they'll see" (the recipient's e-mail and claim page, issue 25) and
// "Proceed to Payment". Returning from a canceled checkout shows a notice.
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { effectiveTip, type GiftDraft } from '../../lib/gift-draft';
import { deliveryDayProblem } from '../../../shared/delivery-date';
import { PATHS, reviewBack } from '../../lib/gift-navigation';
import { dollarsToCents, formatUsd, giftTotals } from '../../../shared/money';
import type { DonorOptIn as DonorOptInValues } from '../../../shared/schemas/gift-steps';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';
import {
  browserTimeZone,
  buildGiftPayload,
  includesMessage,
  includesSecurityQuestion,
  payloadProblem,
  securityQuestionText,
} from '../../features/gift/build-payload';
import { DonorOptIn } from '../../features/gift/donor-opt-in';
import { DeliveryChoice } from '../../features/gift/delivery-choice';
import { ClaimGiftCard } from '../../features/claim/claim-gift-card';
import { PersonalNote } from '../../features/claim/gift-summary';
import { RecipientPreview } from '../../features/gift/recipient-preview';
import { PaymentSummary } from '../../features/gift/payment-summary';
import { TipSelector } from '../../features/gift/tip-selector';
import { useCreateGift } from '../../features/gift/use-create-gift';
import { useGiftStep } from '../../features/gift/use-gift-step';

export default function ReviewPage() {
  usePageMeta('Review your gift', 'Check your anonymous gift, add an optional tip, and continue to secure payment.');
  const { draft, save, go } = useGiftStep('review');
  const canceled = useCanceledNotice(draft !== null);
  if (!draft) return null;
  return <ReviewForm draft={draft} save={save} go={go} canceled={canceled} />;
}

interface ReviewFormProps {
  draft: GiftDraft;
  save: (change: Partial<GiftDraft>) => GiftDraft;
  go: (to: string, change?: Partial<GiftDraft>) => void;
  canceled: boolean;
}

/** The opt-in's shared schema loads with the first interaction (lib/lazy-zod-resolver.ts). */
const donorOptIn = lazyZodSchema(() => import('../../../shared/schemas/gift-steps').then((m) => m.donorOptInSchema));

/** The review page's form: the donor opt-in fields (checked by their shared schema) and Proceed to Payment. */
function ReviewForm({ draft, save, go, canceled }: ReviewFormProps) {
  const createGift = useCreateGift();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DonorOptInValues>({
    resolver: donorOptIn.resolver,
    defaultValues: {
      createDonorAccount: draft.createDonorAccount,
      donorFirstName: draft.donorFirstName,
      donorLastName: draft.donorLastName,
      donorEmail: draft.donorEmail,
    },
  });

  const totals = giftTotals(dollarsToCents(draft.amount), dollarsToCents(effectiveTip(draft)));
  const busy = isSubmitting || createGift.isPending || createGift.isSuccess;
  const failed = (description: string) => toast({ title: 'Error creating gift', description, variant: 'destructive' });
  const pay = async () => {
    if (createGift.isPending || createGift.isSuccess) return;
    const payload = buildGiftPayload(draft);
    const problem = deliveryError(draft) ?? (await payloadProblem(payload));
    if (problem) return failed(problem);
    createGift.mutate(payload, { onError: (error) => failed(errorMessage(error, 'Please try again')) });
  };
  // The fields in error get their messages and the first one the focus; the toast says the first problem.
  const invalid = (fieldErrors: FieldErrors<DonorOptInValues>) =>
    failed(Object.values(fieldErrors)[0]?.message ?? 'Please check the gift details.');

  // The preview sits outside the form: its claim card has a form of its own, and a submit in it must not pay.
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Review Your Gift</h1>
      <p className="mt-2 text-slate-700">
        Check the details below. You pay on our payment partner's secure, encrypted checkout.
      </p>
      {canceled ? (
        <div role="status" className="mt-6 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950">
          <p className="font-semibold">Payment canceled</p>
          <p className="text-sm">
            No payment was taken. Your gift details are saved — review them and proceed when you're ready.
          </p>
        </div>
      ) : null}
      <RecipientPreview
        draft={draft}
        claimPage={(gift) => <ClaimGiftCard gift={gift} claiming={false} onClaim={() => undefined} />}
        answeredNote={(note) => <PersonalNote note={note} />}
      />

      <form onSubmit={handleSubmit(pay, invalid)} noValidate>
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
            <p className="mb-3 text-sm text-slate-600">
              Optional. Tips help keep the service running; the recipient still gets the full gift.
            </p>
            <TipSelector value={draft} onChange={save} />
          </Card>

          <Card>
            <h2 className="mb-2 text-lg font-semibold text-slate-900">Payment Summary</h2>
            <PaymentSummary totals={totals} />
          </Card>

          <Card>
            <DeliveryChoice value={draft} onChange={save} error={deliveryError(draft)} />
          </Card>

          <Card>
            <DonorOptIn optedIn={draft.createDonorAccount} register={register} errors={errors} onChange={save} />
          </Card>
        </div>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => go(reviewBack(draft))}>
            Back
          </Button>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Redirecting to payment…' : 'Proceed to Payment'}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The same range check the server makes, so the sender hears about a bad date before paying. */
function deliveryError(draft: GiftDraft): string | undefined {
  if (!draft.deliverOnDate) return undefined;
  return deliveryDayProblem(draft.deliveryDate, browserTimeZone(), new Date()) ?? undefined;
}

function ReviewCard({
  title,
  editTo,
  editLabel,
  children,
}: {
  title: string;
  editTo: string;
  editLabel: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <div className="flex items-start justify-between gap-4">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
        <Link
          to={editTo}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          aria-label={editLabel}
        >
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
