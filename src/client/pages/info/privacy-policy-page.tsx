import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { FACTS } from '../../features/info/facts';
import { BulletList, InfoSection } from '../../features/info/info-page';
import { LegalPage } from '../../features/info/legal-page';

export default function PrivacyPolicyPage() {
  usePageMeta(
    'Privacy Policy',
    'What personal data Hushgift collects to deliver anonymous money gifts, how it is used and shared, how long it is kept, and your privacy rights.',
  );
  const mail = <a href={`mailto:${FACTS.supportEmail}`}>{FACTS.supportEmail}</a>;
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what information Hushgift collects when you send or receive a gift, why we need it, who we share it with and how long we keep it. Keeping senders anonymous to recipients is the core of our service."
    >
      <InfoSection title="1. Information we collect">
        <BulletList
          items={[
            <>
              <strong>From senders:</strong> the gift amount and any tip, the recipient’s first name, last name and
              e-mail address, your optional personal message and security question, and the name and e-mail address
              given at checkout. A security answer is stored only as a one-way hash.
            </>,
            <>
              <strong>From recipients:</strong> your claim of the gift and the status of your verification. Identity and
              bank details are collected by our payment partner during onboarding; we receive only what is needed to
              complete the payout.
            </>,
            <>
              <strong>Payment information:</strong> card details are entered on our payment partner’s checkout and never
              reach our servers. We keep payment references and amounts.
            </>,
            <>
              <strong>Support messages:</strong> your name, e-mail address and what you write to us.
            </>,
            <>
              <strong>Technical data:</strong> IP addresses and security events used to prevent fraud and abuse.
            </>,
          ]}
        />
      </InfoSection>
      <InfoSection title="2. How we use it">
        <BulletList
          items={[
            'To deliver gifts: notify the recipient, check the security answer, arrange the payout and send receipts.',
            `To expire unclaimed gifts after ${FACTS.claimWindow} and refund the gift amount.`,
            'To prevent fraud, enforce limits and keep the service secure.',
            'To answer your questions and meet our legal and accounting duties.',
          ]}
        />
        <p>We do not sell personal data, and we do not use it for advertising.</p>
      </InfoSection>
      <InfoSection title="3. Anonymity">
        <p>
          We never show a sender’s name, e-mail or payment details to the recipient: the gift is presented as coming
          from “a friend”. The personal message is shown exactly as the sender wrote it. We may disclose a sender’s
          identity only where the law requires it, for example under a court order.
        </p>
      </InfoSection>
      <InfoSection title="4. Who we share it with">
        <BulletList
          items={[
            'Our payment partner, which processes payments, verifies recipients and pays out funds under its own privacy policy.',
            'Service providers that send our e-mail and host our systems, only as needed to run Hushgift.',
            'Authorities, when the law requires it.',
          ]}
        />
      </InfoSection>
      <InfoSection title="5. How long we keep it">
        <BulletList
          items={[
            `Gift data: deleted ${FACTS.retention.giftData} after the gift is completed, refunded or expires. The link between a recipient’s e-mail address and their payout account goes with the last gift to that address.`,
            'E-mails we send: the address, subject and message (which holds your claim or sign-in link) are erased as soon as the e-mail is delivered; we keep only that it was sent. Claim and sign-in links are stored only as one-way hashes.',
            'Payment notifications from our payment partner: only the event’s reference, type and gift are kept, never its contents.',
            'E-mail addresses typed at a failed admin sign-in: replaced by a one-way hash after 30 days.',
            `Payment records: ${FACTS.retention.paymentRecords}, as tax and financial law requires.`,
            `Support communications: ${FACTS.retention.support}.`,
            `Security logs: ${FACTS.retention.securityLogs}.`,
          ]}
        />
      </InfoSection>
      <InfoSection title="6. Cookies">
        <p>
          We use only the cookies the service needs, such as a session cookie when you sign in to a donor or admin
          account. We do not use advertising or tracking cookies. Your unfinished gift is kept in your browser’s session
          storage until you pay or close the tab.
        </p>
      </InfoSection>
      <InfoSection title="7. Security">
        <p>
          Connections are encrypted, claim links and security answers are stored only as hashes, and access to gift
          records is limited to administrators who need it. Read more on our <Link to="/security">Security</Link> page.
        </p>
      </InfoSection>
      <InfoSection title="8. Your rights">
        <p>
          If you have a donor account, you can delete it yourself on your account page (“Delete account”): your name and
          e-mail address are erased and your gifts are no longer linked to you. You may also ask to see, correct or
          delete your personal data, subject to the records we must keep by law. E-mail {mail}; we answer privacy
          requests within {FACTS.privacyResponse}.
        </p>
      </InfoSection>
      <InfoSection title="9. Children">
        <p>Hushgift is not meant for anyone under 18, and we do not knowingly collect data from children.</p>
      </InfoSection>
      <InfoSection title="10. Changes and contact">
        <p>
          If we change this policy we will update the date above. Questions about privacy: {mail} or our{' '}
          <Link to="/contact">contact form</Link>. We answer legal questions within {FACTS.legalResponse}.
        </p>
      </InfoSection>
    </LegalPage>
  );
}
