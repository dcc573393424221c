// The recipient's claim success page: the money is on its way and when it arrives. Nothing about the sender.
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { usePageMeta } from '../../lib/page-meta';
import { claimedAmount, thankYouToken } from '../../features/claim/claim-session';
import { ThankYouNote } from '../../features/claim/thank-you-note';
import { formatUsd, parseMoney } from '../../../shared/money';

export default function ClaimSuccessPage() {
  usePageMeta('Gift claimed', 'Your Hushgift gift is claimed and on its way to your bank account.');
  const cents = parseMoney(claimedAmount() ?? '');
  const token = thankYouToken();
  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <Card className="text-center">
        <div
          className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl"
          aria-hidden="true"
        >
          ✓
        </div>
        <h1 className="mt-4 text-3xl font-bold">Your gift is on its way!</h1>
        <p className="mt-3 text-lg text-slate-700">
          {cents ? (
            <>
              We&apos;ve sent <strong>{formatUsd(cents)}</strong> to the payout account you set up.
            </>
          ) : (
            <>We&apos;ve sent your gift to the payout account you set up.</>
          )}
        </p>
        <section className="mt-8 rounded-lg bg-slate-50 p-4 text-left" aria-labelledby="arrives">
          <h2 id="arrives" className="font-semibold">
            When will it arrive?
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>The money usually appears in your bank account or on your debit card within 1-2 business days.</li>
            <li>We&apos;ve e-mailed you a confirmation. There is nothing else you need to do.</li>
            <li>The gift came from a friend who chose to stay anonymous.</li>
          </ul>
        </section>
        {token ? <ThankYouNote token={token} /> : null}
        <Link to="/" className={`${buttonClass('outline')} mt-8`}>
          Back to Hushgift
        </Link>
      </Card>
    </section>
  );
}
