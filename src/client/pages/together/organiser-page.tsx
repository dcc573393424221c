// /together/organise/:token — the organiser's private page (decision 026): the total and the number of
// contributions (never who gave or how much each gave), the link to pass on, and "Send it now".
import { useParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { formatUsd, parseMoney } from '../../../shared/money';
import { useOrganiserPage, useSendGroupGift } from '../../features/together/use-together';
import { GroupProgress, STATE_TEXT, longDate } from '../../features/together/group-progress';

export default function OrganiserPage() {
  usePageMeta('Your group gift', 'Your private organiser page for a Hushgift group gift.');
  const { token = '' } = useParams();
  const query = useOrganiserPage(token);
  const send = useSendGroupGift(token);
  if (query.isPending) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10">
        <Spinner label="Loading your group gift" />
      </section>
    );
  }
  if (query.isError || !query.data) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10">
        <Card>
          <h1 className="text-2xl font-bold">Organiser page not found</h1>
          <p className="mt-3 text-slate-700">{errorMessage(query.error, 'This organiser link is not valid.')}</p>
        </Card>
      </section>
    );
  }
  const page = query.data;
  const total = formatUsd(parseMoney(page.total) ?? 0);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Your group gift for {page.recipientFirstName}</h1>
        <p className="mt-2 text-sm text-slate-700" data-testid="group-state">
          {STATE_TEXT[page.state]}
          {page.state === 'open' ? ` until ${longDate(page.deadlineAt)}` : ''}
          {page.sentAt ? ` on ${longDate(page.sentAt)}` : ''}
        </p>
        <dl className="mt-6 grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm font-medium text-slate-600">Total</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid="group-total">
              {total}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600">Goal</dt>
            <dd className="text-2xl font-bold text-slate-900">
              {page.goal ? formatUsd(parseMoney(page.goal) ?? 0) : 'None'}
            </dd>
          </div>
        </dl>
        <GroupProgress page={page} />
        <div className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">Link to share</h2>
          <p className="mt-1 break-all rounded-md bg-slate-100 p-3 font-mono text-sm">{page.shareUrl}</p>
        </div>
        {page.state === 'open' ? (
          <div className="mt-8">
            <Button
              size="lg"
              disabled={send.isPending || page.contributions === 0}
              aria-describedby="send-hint"
              onClick={() => send.mutate()}
            >
              {send.isPending ? 'Sending…' : `Send ${total} to ${page.recipientFirstName} now`}
            </Button>
            <p id="send-hint" className="mt-2 text-sm text-slate-600">
              {page.contributions === 0
                ? 'You can send it once someone has contributed. With no contribution at the deadline it simply closes.'
                : 'After sending, nobody can add or withdraw a share. Otherwise it goes by itself at the deadline.'}
            </p>
            {send.isError ? (
              <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-900">
                {errorMessage(send.error, 'We could not send it. Please try again.')}
              </p>
            ) : null}
          </div>
        ) : null}
        <p className="mt-8 text-sm text-slate-600">
          You see the total and the count only. When the total changes between two looks you can tell what one new share
          added, so please do not guess out loud who gave what.
        </p>
      </Card>
    </section>
  );
}
