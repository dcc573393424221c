// The sender's private gift page (/gift/manage/:token, from the receipt e-mail or a donor's history): the gift, its
// timeline, the thank-you note if one came, and what can still change while it is unclaimed.
import { useParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { formatUsd, parseMoney } from '../../../shared/money';
import { useManagedGift } from '../../features/manage/use-managed-gift';
import { GiftTimeline } from '../../features/manage/gift-timeline';
import { ManageActions } from '../../features/manage/manage-actions';
import { STAGE_LABEL, dateTime } from '../../features/manage/wording';

export default function ManageGiftPage() {
  usePageMeta('Your gift', 'Your private Hushgift gift page.');
  const { token = '' } = useParams();
  const query = useManagedGift(token);
  if (query.isPending) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10">
        <Spinner label="Loading your gift" />
      </section>
    );
  }
  if (query.isError || !query.data) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10">
        <Card>
          <h1 className="text-2xl font-bold">Gift page not found</h1>
          <p className="mt-3 text-slate-700">{errorMessage(query.error, 'This gift page link is not valid.')}</p>
        </Card>
      </section>
    );
  }
  const gift = query.data;
  const scheduled = gift.stage === 'scheduled' && gift.deliverAt;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold">
          Your gift of {formatUsd(parseMoney(gift.amount) ?? 0)} to {gift.recipientFirstName}
        </h1>
        <p className="mt-2">
          <span
            className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800"
            data-testid="gift-stage"
          >
            {STAGE_LABEL[gift.stage]}
          </span>
        </p>
        {gift.riskNotice ? (
          <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900" data-testid="risk-notice">
            {gift.riskNotice}
          </p>
        ) : null}
        {gift.stage === 'undeliverable' ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-900">
            The recipient&apos;s mail server refused {gift.recipientEmailMasked}. Please correct the address below.
          </p>
        ) : null}
        <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Item term="Recipient">
            {gift.recipientFirstName} <span className="break-all">({gift.recipientEmailMasked})</span>
          </Item>
          <Item term="Security question">{gift.hasSecurityQuestion ? 'Set' : 'None'}</Item>
          {gift.deliverAt ? (
            <Item term={scheduled ? 'Planned delivery' : 'Delivery date'}>
              {dateTime(gift.deliverAt, gift.deliveryTimeZone)}
            </Item>
          ) : null}
          {gift.expiresAt ? <Item term="Claim by">{dateTime(gift.expiresAt)}</Item> : null}
          <Item term="Your message" className="sm:col-span-2">
            {gift.personalNote ?? 'No message'}
          </Item>
        </dl>
        {gift.thankYou ? (
          <section aria-labelledby="thanks-heading" className="mt-8 rounded-lg bg-green-50 p-4">
            <h2 id="thanks-heading" className="font-semibold">
              A thank-you note from {gift.recipientFirstName}
            </h2>
            <p className="mt-2 whitespace-pre-wrap break-words" data-testid="thank-you-note">
              {gift.thankYou.note}
            </p>
          </section>
        ) : null}
        <ManageActions token={token} gift={gift} />
        <GiftTimeline entries={gift.timeline} />
        <p className="mt-8 text-sm text-slate-600">
          Keep this page&apos;s address to yourself: anyone with it can manage the gift.
        </p>
      </Card>
    </section>
  );
}

function Item({ term, children, className }: { term: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-0.5 whitespace-pre-wrap break-words text-slate-900">{children}</dd>
    </div>
  );
}
