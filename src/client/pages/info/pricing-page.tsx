import { Link } from 'react-router';
import {
  FEE_FIXED_CENTS,
  FEE_PERCENT,
  FEE_PLATFORM_PERCENT,
  FEE_PROCESSING_PERCENT,
  PRESET_AMOUNTS,
} from '../../../shared/constants';
import { dollarsToCents, formatUsd, giftTotals } from '../../../shared/money';
import { buttonClass } from '../../components/ui/button';
import { usePageMeta } from '../../lib/page-meta';
import { FACTS } from '../../features/info/facts';
import { FeeCalculator } from '../../features/info/fee-calculator';
import { BulletList, InfoPage, InfoSection, SupportFooter } from '../../features/info/info-page';

const FIXED = formatUsd(FEE_FIXED_CENTS);
const EXAMPLES = PRESET_AMOUNTS.map((dollars) => giftTotals(dollarsToCents(dollars), 0));

export default function PricingPage() {
  usePageMeta(
    'Pricing',
    `Simple Hushgift pricing: one ${FEE_PERCENT}% + ${FIXED} fee per gift, no subscriptions. The recipient always receives the full gift amount.`,
  );
  return (
    <InfoPage
      title="Pricing"
      lead="One fee per gift, shown before you pay. No subscriptions, no hidden charges — and the recipient always gets the full amount."
      wide
    >
      <section aria-labelledby="fee-heading" className="rounded-xl bg-brand-50 p-6 sm:p-8">
        <h2 id="fee-heading" className="text-lg font-semibold text-slate-900">
          Processing fee per gift
        </h2>
        <p className="mt-2 text-4xl font-bold text-brand-800">
          {FEE_PERCENT}% + {FIXED}
        </p>
        <p className="mt-3 text-slate-700">
          That is {FEE_PROCESSING_PERCENT}% + {FIXED} for card processing by our payment partner and{' '}
          {FEE_PLATFORM_PERCENT}% for running the platform. The fee is added on top of the gift, so the recipient
          receives every dollar you send.
        </p>
      </section>

      <InfoSection title="Examples">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left">
            <caption className="sr-only">What you pay for a gift of each amount</caption>
            <thead>
              <tr className="border-b border-slate-300 text-sm text-slate-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Gift amount
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Fee
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  You pay
                </th>
                <th scope="col" className="py-2 font-medium">
                  Recipient gets
                </th>
              </tr>
            </thead>
            <tbody>
              {EXAMPLES.map((t) => (
                <tr key={t.amount} className="border-b border-slate-200 text-slate-900">
                  <th scope="row" className="py-3 pr-4 font-semibold">
                    {formatUsd(t.amount)}
                  </th>
                  <td className="py-3 pr-4">{formatUsd(t.fee)}</td>
                  <td className="py-3 pr-4 font-semibold">{formatUsd(t.total)}</td>
                  <td className="py-3">{formatUsd(t.recipientGets)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm">
          The fee is {FEE_PERCENT}% of the gift, rounded to the nearest cent, plus {FIXED}. An optional tip to support
          the platform can be added at checkout; it is shown separately and never required.
        </p>
      </InfoSection>

      <InfoSection title="Calculate your fee">
        <FeeCalculator />
      </InfoSection>

      <InfoSection title="Good to know">
        <BulletList
          items={[
            `The minimum gift is ${FACTS.minGift}. Large amounts may need extra verification.`,
            `If a gift is not claimed within ${FACTS.claimWindow}, the gift amount is refunded automatically. The processing fee is not refunded.`,
            'Gifts cannot be cancelled after payment, and there is no refund once a gift has been claimed.',
            'Hushgift is available in the United States only; both sender and recipient need US accounts.',
            'Gifts are not tax-deductible: Hushgift is not a charity.',
          ]}
        />
      </InfoSection>

      <div>
        <Link to="/" className={buttonClass('primary', 'lg')}>
          Send a Gift
        </Link>
      </div>
      <SupportFooter />
    </InfoPage>
  );
}
