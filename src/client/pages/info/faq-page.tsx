import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { FACTS } from '../../features/info/facts';
import { FaqList } from '../../features/info/faq-list';
import { InfoPage } from '../../features/info/info-page';

export default function FaqPage() {
  usePageMeta(
    'Frequently Asked Questions',
    'Answers about sending and receiving anonymous money gifts with Hushgift: privacy, fees, claiming, payout timing, refunds and expiry.',
  );
  return (
    <InfoPage
      title="Frequently Asked Questions"
      lead="Everything you need to know about sending and receiving anonymous gifts. Choose a category or browse them all."
    >
      <FaqList />
      <aside className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
        <h2 className="text-lg font-semibold text-slate-900">Didn’t find your answer?</h2>
        <p className="mt-2">
          E-mail our support team at{' '}
          <a href={`mailto:${FACTS.supportEmail}`} className="font-medium text-brand-700 underline">
            {FACTS.supportEmail}
          </a>{' '}
          or{' '}
          <Link to="/contact" className="font-medium text-brand-700 underline">
            send us a message
          </Link>
          . We reply within {FACTS.supportResponse}.
        </p>
      </aside>
    </InfoPage>
  );
}
