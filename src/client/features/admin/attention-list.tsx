// The dashboard's "Needs attention" list (decision 017): every gift an operator must look at, longest waiting
// first, with its reason, its group if it is a share of a group gift (decision 026; the admin search finds the
// group's other shares by its id), how long it has waited and the actions that apply: Retry now, Refund sender (after
// a confirmation dialog), Mark resolved, and for a frozen claim the gift list's Unfreeze claim. Loading, empty and
// error states; every control is a native button named with its gift for screen readers, and the dialog is a
// native modal <dialog> (focus kept inside, Escape closes it).
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AttentionItem, AttentionList as List } from '../../../shared/schemas/admin-money';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { toast } from '../../components/ui/use-toast';
import { isUnauthorized } from './api';
import { formatAge, formatDateTime, formatDollars } from './format';
import { GroupShare } from './group-share';
import { useAttentionAction, type AttentionAction } from './money-api';
import type { StepUpGuard } from './step-up-dialog';

const ACTION_WORDS: Record<AttentionAction, { label: string; busy: string; failed: string }> = {
  'retry-movement': { label: 'Retry now', busy: 'Retrying...', failed: 'Could not retry' },
  'refund-sender': { label: 'Refund sender', busy: 'Refunding...', failed: 'Could not refund the sender' },
  'resolve-attention': { label: 'Mark resolved', busy: 'Resolving...', failed: 'Could not mark it resolved' },
  'unfreeze-claim': { label: 'Unfreeze claim', busy: 'Unfreezing...', failed: 'Could not unfreeze the claim' },
};

export function AttentionList(props: {
  list: List | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  guard: StepUpGuard;
}) {
  const navigate = useNavigate();
  const act = useAttentionAction(props.guard);
  const dialog = useRef<HTMLDialogElement>(null);
  const [refunding, setRefunding] = useState<AttentionItem | null>(null);

  const run = (giftId: number, action: AttentionAction) =>
    act.mutate(
      { giftId, action },
      {
        onSuccess: ({ outcome, message }) =>
          toast({
            title: `Gift #${giftId}: ${ACTION_WORDS[action].label}`,
            description: message,
            variant: outcome === 'succeeded' ? undefined : 'destructive',
          }),
        onError: (error) => {
          if (isUnauthorized(error)) navigate('/admin/login', { replace: true });
          else
            toast({
              title: `${ACTION_WORDS[action].failed} (gift #${giftId})`,
              description: errorMessage(error, 'Please try again'),
              variant: 'destructive',
            });
        },
        onSettled: () => dialog.current?.close(),
      },
    );
  const busy = (giftId: number, action: AttentionAction) =>
    act.isPending && act.variables?.giftId === giftId && act.variables.action === action;

  const button = (item: AttentionItem, action: AttentionAction) => (
    <Button
      key={action}
      variant={action === 'refund-sender' ? 'destructive' : 'outline'}
      size="sm"
      disabled={act.isPending}
      aria-label={`${ACTION_WORDS[action].label} for gift #${item.giftId}`}
      onClick={() => {
        if (action !== 'refund-sender') return run(item.giftId, action);
        setRefunding(item);
        dialog.current?.showModal();
      }}
    >
      {busy(item.giftId, action) ? ACTION_WORDS[action].busy : ACTION_WORDS[action].label}
    </Button>
  );

  const { list } = props;
  return (
    <Card className="mt-8 p-4 sm:p-6">
      <section aria-labelledby="attention-title" aria-busy={props.loading}>
        <h2 id="attention-title" className="text-xl font-semibold text-slate-900">
          Needs attention{list && list.total > 0 ? ` (${list.total})` : ''}
        </h2>
        <div aria-live="polite">
          {props.loading ? (
            <Spinner label="Loading the gifts that need attention" />
          ) : props.error ? (
            <div role="alert" className="py-6 text-center text-red-700">
              <p>Could not load the gifts that need attention: {errorMessage(props.error, 'please try again')}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={props.reload}>
                Try again
              </Button>
            </div>
          ) : list && list.items.length === 0 ? (
            <p className="py-6 text-center text-slate-600">Nothing needs attention</p>
          ) : list ? (
            <>
              <ul className="mt-4 divide-y divide-slate-100" aria-label="Gifts that need attention">
                {list.items.map((item) => (
                  <li
                    key={item.giftId}
                    className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between"
                    aria-labelledby={`attention-${item.giftId}`}
                  >
                    <div className="min-w-0">
                      <h3 id={`attention-${item.giftId}`} className="flex flex-wrap items-center gap-2 font-semibold">
                        <span className="font-mono">Gift #{item.giftId}</span>
                        <StatusBadge status={item.status} />
                        <span>{formatDollars(item.amount)}</span>
                      </h3>
                      <p className="mt-1 break-words text-sm text-red-800">{item.reason}</p>
                      {item.group ? <GroupShare group={item.group} className="mt-1 text-sm text-slate-700" /> : null}
                      <p className="mt-1 text-xs text-slate-600">
                        Waiting{' '}
                        <time dateTime={item.since} title={formatDateTime(item.since)}>
                          {formatAge(item.ageSeconds)}
                        </time>
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap gap-2">
                      {item.causes.includes('frozen_claim') ? button(item, 'unfreeze-claim') : null}
                      {item.canRetry ? button(item, 'retry-movement') : null}
                      {item.canRefund ? button(item, 'refund-sender') : null}
                      {item.canResolve ? button(item, 'resolve-attention') : null}
                    </div>
                  </li>
                ))}
              </ul>
              {list.total > list.items.length ? (
                <p className="mt-2 text-sm text-slate-600">
                  Showing the {list.items.length} longest waiting of {list.total}.
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      </section>
      <dialog
        ref={dialog}
        aria-labelledby="refund-title"
        aria-describedby="refund-terms"
        onClose={() => setRefunding(null)}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="refund-title" className="text-lg font-semibold">
          Refund the sender of gift #{refunding?.giftId}?
        </h2>
        <p id="refund-terms" className="mt-3 text-slate-700">
          The money the gift holds for its recipient ({refunding ? formatDollars(refunding.amount) : ''} unless the
          payment differed) goes back to the sender&apos;s card; the fee and tip are kept. The recipient can no longer
          claim it. This cannot be undone.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => dialog.current?.close()}>
            Keep the gift
          </Button>
          <Button
            variant="destructive"
            disabled={act.isPending || !refunding}
            onClick={() => refunding && run(refunding.giftId, 'refund-sender')}
          >
            {refunding && busy(refunding.giftId, 'refund-sender') ? 'Refunding...' : 'Refund the sender'}
          </Button>
        </div>
      </dialog>
    </Card>
  );
}
