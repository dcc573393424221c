// /together/:token — the share link of a group gift (decision 026): who it is for (first name), the message, how
// many have contributed and, with a goal, progress in 10% steps; and the form to add a share while it is open.
import { useParams, useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { useSharePage } from '../../features/together/use-together';
import { GroupProgress, STATE_TEXT, longDate } from '../../features/together/group-progress';
import { ContributeForm } from '../../features/together/contribute-form';

export default function SharePage() {
  usePageMeta('A group gift', 'Add your anonymous share to a group gift on Hushgift.');
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const query = useSharePage(token);
  if (query.isPending) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10">
        <Spinner label="Loading the group gift" />
      </section>
    );
  }
  if (query.isError || !query.data) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10">
        <Card>
          <h1 className="text-2xl font-bold">Group gift not found</h1>
          <p className="mt-3 text-slate-700">{errorMessage(query.error, 'This group gift link is not valid.')}</p>
        </Card>
      </section>
    );
  }
  const page = query.data;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">A group gift for {page.recipientFirstName}</h1>
        <p className="mt-2 text-sm text-slate-700">
          {STATE_TEXT[page.state]}
          {page.state === 'open' ? ` until ${longDate(page.deadlineAt)}` : ''}
        </p>
        {page.personalNote ? (
          <blockquote className="mt-6 whitespace-pre-wrap break-words border-l-4 border-brand-200 pl-4 text-slate-800">
            {page.personalNote}
          </blockquote>
        ) : null}
        <GroupProgress page={page} />
        {search.get('paid') ? (
          <p role="status" className="mt-6 rounded-md bg-green-50 p-3 text-green-900">
            Thank you — your share is paid. Your receipt is on its way by e-mail, with the link to your private page
            where you can withdraw your share until the gift is sent.
          </p>
        ) : null}
        {search.get('canceled') ? (
          <p role="status" className="mt-6 rounded-md bg-amber-50 p-3 text-amber-900">
            Your payment was not completed, so nothing was charged. You can try again below.
          </p>
        ) : null}
        {page.state === 'open' ? (
          <ContributeForm token={token} recipientFirstName={page.recipientFirstName} />
        ) : (
          <p className="mt-8 text-slate-700">This group gift takes no more contributions.</p>
        )}
      </Card>
    </section>
  );
}
