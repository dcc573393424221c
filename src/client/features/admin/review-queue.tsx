// The dashboard's "Review" section (decision 024): each gift held by a risk rule, oldest first, with its reasons,
// the payer's last 90 days and how the payer links to other gifts; Approve, and Reject after a confirmation
// dialog (a native modal <dialog>); Block payer (its later payments are refunded at once, the Blocks section lists
// it). Below it the risk rules in force, read-only. Operators only.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DISPUTE_RATE_WARNING_PERCENT,
  type ReviewItem,
  type ReviewQueue as Queue,
  type RiskRules,
} from '../../../shared/schemas/admin-risk';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { isUnauthorized } from './api';
import { formatDateTime, formatDollars } from './format';
import { useReviewDecision, type ReviewDecision } from './risk-api';
import { useBlockAction } from './use-block-action';
import type { StepUpGuard } from './step-up-dialog';

const WORDS: Record<ReviewDecision, { label: string; busy: string }> = {
  approve: { label: 'Approve', busy: 'Approving...' },
  reject: { label: 'Reject', busy: 'Rejecting...' },
};

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function ItemFacts({ item }: { item: ReviewItem }) {
  const h = item.history;
  const l = item.linkage;
  return (
    <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
      <div>
        <dt className="inline font-medium">Payer, 90 days: </dt>
        <dd className="inline">
          {h.gifts} gift{h.gifts === 1 ? '' : 's'}, {formatDollars(h.amount)}, {h.disputes} disputed, {h.refunds}{' '}
          refunded, {h.otherRecipients} other recipient{h.otherRecipients === 1 ? '' : 's'}
        </dd>
      </div>
      <div>
        <dt className="inline font-medium">Linked, 24 hours: </dt>
        <dd className="inline">
          {l.sameEmail} by e-mail, {l.sameCard} by card, {l.sameClient} by client address
        </dd>
      </div>
    </dl>
  );
}

export function ReviewQueue(props: {
  queue: Queue | undefined;
  rules: RiskRules | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  guard: StepUpGuard;
}) {
  const navigate = useNavigate();
  const decide = useReviewDecision(props.guard);
  const block = useBlockAction(props.guard);
  const dialog = useRef<HTMLDialogElement>(null);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);

  const run = (giftId: number, decision: ReviewDecision) =>
    decide.mutate(
      { giftId, decision },
      {
        onSuccess: ({ message }) => toast({ title: `Gift #${giftId}: ${WORDS[decision].label}`, description: message }),
        onError: (error) => {
          if (isUnauthorized(error)) navigate('/admin/login', { replace: true });
          else
            toast({
              title: `Could not ${decision} gift #${giftId}`,
              description: errorMessage(error, 'Please try again'),
              variant: 'destructive',
            });
        },
        onSettled: () => dialog.current?.close(),
      },
    );
  const busy = (giftId: number, decision: ReviewDecision) =>
    decide.isPending && decide.variables?.giftId === giftId && decide.variables.decision === decision;

  const { queue } = props;
  return (
    <Card className="mt-8 p-4 sm:p-6">
      <section aria-labelledby="review-title" aria-busy={props.loading}>
        <h2 id="review-title" className="text-xl font-semibold text-slate-900">
          Review{queue && queue.items.length > 0 ? ` (${queue.items.length})` : ''}
        </h2>
        {queue ? (
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" aria-label="Risk figures">
            <Figure term="Held now" value={String(queue.figures.heldNow)} />
            <Figure term="Approved, 30 days" value={String(queue.figures.approved30d)} />
            <Figure term="Rejected, 30 days" value={String(queue.figures.rejected30d)} />
            <Figure term="Dispute rate, 90 days" value={`${queue.figures.disputeRatePercent}%`} />
          </dl>
        ) : null}
        {queue?.figures.disputeRateWarning ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900">
            The dispute rate is above {DISPUTE_RATE_WARNING_PERCENT}%: card networks treat about 0.75% as excessive.
          </p>
        ) : null}
        <div aria-live="polite">
          {props.loading ? (
            <Spinner label="Loading the gifts held for review" />
          ) : props.error ? (
            <div role="alert" className="py-6 text-center text-red-700">
              <p>Could not load the gifts held for review: {errorMessage(props.error, 'please try again')}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={props.reload}>
                Try again
              </Button>
            </div>
          ) : queue && queue.items.length === 0 ? (
            <p className="py-6 text-center text-slate-600">No gift is held for review</p>
          ) : queue ? (
            <ul className="mt-4 divide-y divide-slate-100" aria-label="Gifts held for review">
              {queue.items.map((item) => (
                <li
                  key={item.giftId}
                  className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between"
                  aria-labelledby={`review-${item.giftId}`}
                >
                  <div className="min-w-0">
                    <h3 id={`review-${item.giftId}`} className="flex flex-wrap items-center gap-2 font-semibold">
                      <span className="font-mono">Gift #{item.giftId}</span>
                      <span>{formatDollars(item.amount)}</span>
                      <span className="text-sm font-normal text-slate-600">
                        {item.claimed ? 'claimed, payout waiting' : 'not claimed yet'}
                      </span>
                    </h3>
                    <ul className="mt-1 list-disc pl-5 text-sm text-red-800" aria-label="Why it is held">
                      {item.reasons.map((r) => (
                        <li key={r.code}>{r.label}</li>
                      ))}
                    </ul>
                    <ItemFacts item={item} />
                    <p className="mt-1 text-xs text-slate-600">
                      Held <time dateTime={item.heldAt}>{formatDateTime(item.heldAt)}</time>
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button
                      size="sm"
                      disabled={decide.isPending}
                      aria-label={`Approve gift #${item.giftId}`}
                      onClick={() => run(item.giftId, 'approve')}
                    >
                      {busy(item.giftId, 'approve') ? WORDS.approve.busy : WORDS.approve.label}
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={decide.isPending}
                      aria-label={`Reject gift #${item.giftId}`}
                      onClick={() => {
                        setRejecting(item);
                        dialog.current?.showModal();
                      }}
                    >
                      {WORDS.reject.label}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={block.pending}
                      aria-label={`Block the payer of gift #${item.giftId}`}
                      onClick={() => block.run({ payerOfGift: item.giftId })}
                    >
                      {block.busy({ payerOfGift: item.giftId }) ? 'Blocking...' : 'Block payer'}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {props.rules ? (
          <details className="mt-4 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium">Risk rules</summary>
            <dl className="mt-2 space-y-1">
              {props.rules.rules.map((rule) => (
                <div key={rule.name}>
                  <dt className="inline font-medium">{rule.name}: </dt>
                  <dd className="inline">
                    {rule.value}
                    {rule.setting ? <span className="text-slate-500"> (setting {rule.setting})</span> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </section>
      <dialog
        ref={dialog}
        aria-labelledby="reject-title"
        aria-describedby="reject-terms"
        onClose={() => setRejecting(null)}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="reject-title" className="text-lg font-semibold">
          Reject gift #{rejecting?.giftId}?
        </h2>
        <p id="reject-terms" className="mt-3 text-slate-700">
          The whole payment, fee and tip included, goes back to the sender&apos;s card. The recipient is told only that
          the gift could not be completed. This cannot be undone.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => dialog.current?.close()}>
            Keep it held
          </Button>
          <Button
            variant="destructive"
            disabled={decide.isPending || !rejecting}
            onClick={() => rejecting && run(rejecting.giftId, 'reject')}
          >
            {rejecting && busy(rejecting.giftId, 'reject') ? WORDS.reject.busy : 'Reject and refund'}
          </Button>
        </div>
      </dialog>
    </Card>
  );
}
