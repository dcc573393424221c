// After payment: the draft is cleared and the sender learns what happens next.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { clearDraft } from '../../lib/gift-draft';
import { usePageMeta } from '../../lib/page-meta';

const NEXT_STEPS = [
  'We e-mail the recipient a private link to claim the gift (now, or on the date you chose). Your name is never shown — it comes from "a friend".',
  'Your receipt has a link to your private gift page: follow the gift there, correct the address, resend or cancel while it is unclaimed.',
  'The recipient verifies their identity with our payment partner and adds a US bank account or debit card.',
  'The money is paid out within 24 hours of claiming and usually arrives in 1–2 business days.',
  'If the gift is not claimed within 30 days, the gift amount is refunded to your card (the fee is not refunded).',
];

export default function SuccessPage() {
  usePageMeta('Gift sent', 'Your anonymous gift was paid and is on its way.');
  useEffect(() => clearDraft(), []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 text-center sm:py-16">
      <div
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800"
        aria-hidden="true"
      >
        ✓
      </div>
      <h1 className="mt-6 text-3xl font-bold text-slate-900">Gift Sent Successfully!</h1>
      <p className="mt-3 text-slate-700">
        Thank you — your payment went through. A receipt is on its way to your e-mail.
      </p>
      <Card className="mt-8 text-left">
        <h2 className="text-lg font-semibold text-slate-900">What happens next?</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          {NEXT_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>
      <Link to="/" className={`${buttonClass('primary', 'lg')} mt-8`}>
        Send Another Gift
      </Link>
    </section>
  );
}
