import { usePageMeta } from '../../lib/page-meta';
import { FACTS } from '../../features/info/facts';
import { BulletList, InfoPage, InfoSection, SupportFooter } from '../../features/info/info-page';

export default function SecurityPage() {
  usePageMeta(
    'Security & Privacy',
    'How Hushgift keeps anonymous money gifts safe: encrypted checkout by our payment partner, identity-verified payouts, hashed secrets and minimal data.',
  );
  return (
    <InfoPage
      title="Security & Privacy"
      lead="Giving money anonymously only works if it is also safe. Here is how we protect your payment, your data and your identity."
    >
      <InfoSection title="Payment security">
        <BulletList
          items={[
            'You pay on our payment partner’s hosted, encrypted checkout page. Card numbers never reach Hushgift’s servers.',
            'Major cards and digital wallets are accepted. Every page of the site is served over an encrypted connection.',
            'Hushgift does not store or transmit funds: payments are processed and paid out by our payment partner.',
          ]}
        />
      </InfoSection>
      <InfoSection title="Data protection">
        <BulletList
          items={[
            'We collect only what a gift needs: the amount, the recipient’s name and e-mail, your optional message and security question, and the payment details our partner gives back to us.',
            'Claim links contain a long random code. We keep only a one-way hash of it, so even our own database cannot recreate your link.',
            'Security answers and admin passwords are stored only as salted hashes (argon2id).',
            `Gift data is deleted ${FACTS.retention.giftData} after a gift is completed or expires; payment records are kept for ${FACTS.retention.paymentRecords} as the law requires.`,
          ]}
        />
      </InfoSection>
      <InfoSection title="Your privacy">
        <BulletList
          items={[
            'The recipient never sees your name, e-mail or payment details — the gift arrives from “a friend”.',
            'We do not sell your data and we do not use advertising or tracking cookies.',
            'Only a small number of administrators can see gift records, and only to run the service and help with support requests.',
          ]}
        />
      </InfoSection>
      <InfoSection title="Identity verification">
        <p>
          Before receiving money, every recipient verifies their identity and adds a US bank account or debit card
          through our payment partner’s secure onboarding. This protects you from fraud and keeps the service within
          financial regulations. Large amounts may require extra verification.
        </p>
      </InfoSection>
      <InfoSection title="Fund security">
        <BulletList
          items={[
            'Money is paid out only to the verified account of the person who claimed the gift with its private link (and the answer to the security question, if you set one).',
            `Unclaimed gifts expire after ${FACTS.claimWindow} and the gift amount is refunded to your card automatically.`,
            'Each gift is paid out at most once or refunded at most once, never both — even if something is retried.',
          ]}
        />
      </InfoSection>
      <InfoSection title="Report a security concern">
        <p>
          If you think something is wrong — a gift you did not expect, a suspicious e-mail or a possible vulnerability —
          write to <a href={`mailto:${FACTS.supportEmail}`}>{FACTS.supportEmail}</a>. Urgent issues get a response
          within {FACTS.urgentResponse}.
        </p>
      </InfoSection>
      <SupportFooter />
    </InfoPage>
  );
}
