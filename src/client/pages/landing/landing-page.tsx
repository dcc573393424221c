// The landing page: headline, "Send a Gift" and "Give together", how it works, why Hushgift, and the amount form that starts the flow.
import { useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { buttonClass } from '../../components/ui/button';
import { usePageMeta } from '../../lib/page-meta';
import { startNewDraft } from '../../lib/gift-draft';
import { AmountForm } from '../../features/gift/amount-form';
import { RotatingWord } from '../../features/gift/rotating-word';

const STEPS = [
  {
    title: 'Choose an amount',
    text: 'Pick how much to give and add an optional personal message or security question.',
  },
  {
    title: 'Pay securely',
    text: "Pay on our payment partner's encrypted checkout with a major card or digital wallet.",
  },
  {
    title: 'Recipient is notified',
    text: 'They get an e-mail with a private link to claim the gift — without ever learning it was you.',
  },
];

const REASONS = [
  {
    title: 'Bank-level security',
    text: 'Payments and payouts are handled by a regulated payment partner over encrypted connections. We never see card numbers.',
  },
  {
    title: 'Complete anonymity',
    text: 'The recipient sees the gift as coming from "a friend". Your name and e-mail are never shown to them.',
  },
  {
    title: 'Instant delivery',
    text: 'The claim e-mail goes out the moment you pay; payouts follow within 24 hours of claiming.',
  },
];

export default function LandingPage() {
  usePageMeta(
    'Hushgift — send money anonymously',
    'Give someone money without saying who it is from. Secure payment, anonymous delivery by e-mail.',
  );
  const [formKey, setFormKey] = useState(0);

  // A link to the form, so it works before the scripts arrive; then it also starts a new draft.
  const sendAGift = (event: MouseEvent) => {
    event.preventDefault();
    startNewDraft();
    // The new form is in the page before it is scrolled to and focused.
    flushSync(() => setFormKey((k) => k + 1));
    const form = document.getElementById('amount-form');
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    form?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
    form?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2 md:items-center md:py-20">
          <div>
            <h1 className="text-4xl font-extrabold leading-tight text-slate-900 sm:text-5xl">
              Send money anonymously. Make giving less <RotatingWord />.
            </h1>
            <p className="mt-5 text-lg text-slate-700">
              Help a friend, family member or anyone you care about — without the awkward conversation. They get the
              money; you stay anonymous.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="#amount-form" className={buttonClass('primary', 'lg')} onClick={sendAGift}>
                Send a Gift
              </a>
              <a href="/together/new" className={buttonClass('outline', 'lg')}>
                Give together
              </a>
            </div>
          </div>
          <AmountForm key={formKey} />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-center text-3xl font-bold text-slate-900">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-slate-50" aria-labelledby="why-heading">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="why-heading" className="text-center text-3xl font-bold text-slate-900">
            Why choose Hushgift?
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {REASONS.map((reason) => (
              <li key={reason.title} className="rounded-xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{reason.title}</h3>
                <p className="mt-2 text-slate-700">{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
