import { Link } from 'react-router';
import { FEE_FIXED_CENTS, FEE_PERCENT } from '../../../shared/constants';
import { formatUsd } from '../../../shared/money';
import { usePageMeta } from '../../lib/page-meta';
import { FACTS } from '../../features/info/facts';
import { BulletList, InfoSection } from '../../features/info/info-page';
import { LegalPage } from '../../features/info/legal-page';

export default function TermsOfUsePage() {
  usePageMeta(
    'Terms of Use',
    'The terms for sending and receiving anonymous money gifts with Hushgift: eligibility, fees, expiry and refunds, payouts, acceptable use and disputes.',
  );
  const mail = <a href={`mailto:${FACTS.supportEmail}`}>{FACTS.supportEmail}</a>;
  return (
    <LegalPage
      title="Terms of Use"
      intro="These terms govern your use of Hushgift, whether you send a gift, receive one, or just browse. By using the service you agree to them."
    >
      <InfoSection title="1. The service">
        <p>
          Hushgift lets you send money to a person without revealing your identity to them. Hushgift is not a bank and
          not a charity, and it does not store or transmit funds: payments are processed and paid out by our payment
          partner. Gifts are not tax-deductible.
        </p>
      </InfoSection>
      <InfoSection title="2. Eligibility">
        <p>
          You must be at least 18 and able to enter a binding contract. The service is available in the United States
          only: senders pay with a US card or digital wallet and recipients need a US bank account or debit card.
        </p>
      </InfoSection>
      <InfoSection title="3. Sending a gift">
        <BulletList
          items={[
            `The minimum gift is ${FACTS.minGift} and the maximum ${FACTS.maxGift}. Large amounts may require extra verification.`,
            'You are responsible for entering the recipient’s name and e-mail address correctly.',
            'Gifts cannot be cancelled after payment.',
            'Your personal message must not be unlawful, threatening or harassing.',
          ]}
        />
      </InfoSection>
      <InfoSection title="4. Fees">
        <p>
          Each gift carries a processing fee of {FEE_PERCENT}% of the gift amount plus {formatUsd(FEE_FIXED_CENTS)},
          shown before you pay (see <Link to="/pricing">Pricing</Link>). Any platform tip is optional. The fee and any
          tip are not refundable. The recipient receives the full gift amount.
        </p>
      </InfoSection>
      <InfoSection title="5. Claiming and payout">
        <p>
          The recipient claims a gift with the private link we e-mail them, answers the security question if one was
          set, and verifies their identity with our payment partner. The payout is made {FACTS.payoutAfterClaim} of the
          claim and reaches the recipient’s bank account or debit card in {FACTS.bankArrival}. Our payment partner may
          decline to pay out to anyone it cannot verify.
        </p>
      </InfoSection>
      <InfoSection title="6. Expiry and refunds">
        <p>
          A gift that is not claimed within {FACTS.claimWindow} of payment expires, and the gift amount is refunded
          automatically to the original payment method. The processing fee is not refunded. There is no refund after a
          gift has been claimed.
        </p>
      </InfoSection>
      <InfoSection title="7. Acceptable use">
        <p>You may not use Hushgift to:</p>
        <BulletList
          items={[
            'pay for goods or services, or move money for a business;',
            'launder money, finance unlawful activity or evade sanctions;',
            'harass, threaten or defraud anyone;',
            'use stolen payment details or someone else’s identity;',
            'interfere with the service or try to identify anonymous senders.',
          ]}
        />
        <p>We may refuse, hold or report gifts that appear to break these terms or the law.</p>
      </InfoSection>
      <InfoSection title="8. Anonymity">
        <p>
          We keep senders anonymous to recipients, but we may disclose information when the law requires it. Anything
          you write in a personal message is shown to the recipient as written.
        </p>
      </InfoSection>
      <InfoSection title="9. Disclaimers and limitation of liability">
        <p>
          The service is provided “as is”. To the extent the law allows, Hushgift is not liable for indirect or
          consequential losses, or for delays or failures caused by payment partners, banks or e-mail providers. Our
          total liability for any gift is limited to the amount you paid for it.
        </p>
      </InfoSection>
      <InfoSection title="10. Governing law and disputes">
        <p>
          These terms are governed by the laws of the State of Delaware. Any dispute will be resolved by binding
          individual arbitration rather than in court, except that either party may bring a claim in small-claims court.
          You waive any right to take part in a class action.
        </p>
      </InfoSection>
      <InfoSection title="11. Changes and contact">
        <p>
          We may update these terms; the date above shows the latest version, which applies from that date. Questions:{' '}
          {mail} or our <Link to="/contact">contact form</Link>. We answer legal questions within {FACTS.legalResponse}.
        </p>
      </InfoSection>
    </LegalPage>
  );
}
