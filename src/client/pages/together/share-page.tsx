// /together/:token — the share link of a group gift (decision 026): who it is for (first name), the message, how
// many have contributed and, with a goal, progress in 10% steps; and the form to add a share while it is open.
// The server renders this page with its data (routes/together-share-page.ts) and the app hydrates it, starting from
// the same data (seeded into the query cache): the form works before the scripts arrive, and without them.
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { useSharePage } from '../../features/together/use-together';
import { ContributeForm } from '../../features/together/contribute-form';
import {
  SHARE_PAGE_DESCRIPTION,
  SHARE_PAGE_TITLE,
  ShareNotFound,
  SharePageContent,
} from '../../features/together/share-page-content';

export default function SharePage() {
  usePageMeta(SHARE_PAGE_TITLE, SHARE_PAGE_DESCRIPTION);
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
    return <ShareNotFound message={errorMessage(query.error, 'This group gift link is not valid.')} />;
  }
  const page = query.data;
  return (
    <SharePageContent
      page={page}
      checkout={{ paid: search.has('paid'), canceled: search.has('canceled') }}
      form={<ContributeForm token={token} recipientFirstName={page.recipientFirstName} />}
    />
  );
}
