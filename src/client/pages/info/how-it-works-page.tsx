import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { usePageMeta } from '../../lib/page-meta';
import { FACTS } from '../../features/info/facts';
import { BulletList, InfoPage, InfoSection, SupportFooter } from '../../features/info/info-page';

const STEPS = [
  {
    title: 'Create your gift',
    text: `Choose an amount (${FACTS.minGift} or more), enter the recipient's first name, last name and e-mail address, and, if you like, add a personal message and a security question only they can answer. No account is needed.`,
  },
  {
    title: 'Pay securely',
    text: 'Review the gift and pay through our payment partner’s hosted, encrypted checkout with a major card or a digital wallet. Your card details go straight to the payment partner and never touch our servers.',
  },
  {
    title: 'We deliver the gift',
    text: `The recipient gets an e-mail with a private claim link. They verify their identity with our payment partner and the money is paid out ${FACTS.payoutAfterClaim} of their claim, reaching their bank account or debit card in ${FACTS.bankArrival}.`,
  },
];

export default function HowItWorksPage() {
  usePageMeta(
    'How It Works',
    'How Hushgift works: create an anonymous money gift, pay through a secure checkout, and the recipient claims it by e-mail after verifying their identity.',
  );
  return (
    <InfoPage
      title="How It Works"
      lead="Sending money anonymously takes three steps. The recipient sees the gift as coming from “a friend” — never your name."
      wide
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h2>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>

      <section aria-labelledby="behind-the-scenes" className="space-y-8">
        <h2 id="behind-the-scenes" className="text-2xl font-bold text-slate-900">
          Behind the Scenes
        </h2>
        <InfoSection level={3} title="How your anonymity is protected">
          <p>
            Your name and e-mail address are used to process your payment and to send you receipts — they are never
            shown to the recipient. The claim page, the e-mails the recipient receives and the payout description all
            say the gift is from “a friend” and label it “Anonymous Gift”.
          </p>
          <p>
            Be aware that anything you write in the personal message is shown to the recipient exactly as written, so
            leave out details that would give you away if you want to stay unknown.
          </p>
        </InfoSection>
        <InfoSection level={3} title="Optional security questions">
          <p>
            A security question adds a second check on top of the claim link: even someone who sees the e-mail cannot
            claim the gift without the answer. Pick a question from our list or write your own, and choose an answer the
            recipient will know.
          </p>
          <BulletList
            items={[
              'Answers are compared without regard to capital letters or extra spaces.',
              'We store only a one-way hash of the answer, never the answer itself.',
              `After ${FACTS.wrongAnswerLimit} wrong answers, claiming is locked for ${FACTS.wrongAnswerLock} (then ${FACTS.wrongAnswerLaterLock}); after ${FACTS.wrongAnswerFreezeTotal}, the gift is held for our support team.`,
            ]}
          />
        </InfoSection>
        <InfoSection level={3} title="How your money is protected">
          <BulletList
            items={[
              'Payments are processed and paid out by our payment partner; Hushgift never holds your card details.',
              'Before any money is paid out, the recipient verifies their identity and sets up a US bank account or debit card with our payment partner.',
              `If the gift is not claimed within ${FACTS.claimWindow} of payment, it expires and the gift amount is refunded to your card automatically. The processing fee is not refunded.`,
              'A gift can only ever be paid out once or refunded once — never both.',
              'Gifts cannot be cancelled once payment is complete, and there is no refund after the gift has been claimed.',
            ]}
          />
        </InfoSection>
      </section>

      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonClass('primary', 'lg')}>
          Send a Gift
        </Link>
        <Link to="/pricing" className={buttonClass('outline', 'lg')}>
          See pricing
        </Link>
      </div>
      <SupportFooter />
    </InfoPage>
  );
}
