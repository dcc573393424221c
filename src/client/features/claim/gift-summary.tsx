// What the recipient sees of a gift: greeting, amount, "Anonymous Gift", the note (when no question keeps it back);
// and what happens after claiming.
// Shared by the claim page in the app and the server-rendered one (src/client/ssr/claim-page.tsx).
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { parseMoney, formatUsd } from '../../../shared/money';
import type { ClaimLookup } from '../../../shared/schemas/claim-contract';

export function GiftSummary({ gift }: { gift: ClaimLookup }) {
  return (
    <>
      <div
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700"
        aria-hidden="true"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-8 w-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="3" y="8" width="18" height="4" rx="1" />
          <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7M7.5 8a2.5 2.5 0 0 1 0-5C10 3 12 8 12 8s2-5 4.5-5a2.5 2.5 0 0 1 0 5" />
        </svg>
      </div>
      <h1 className="mt-4 text-3xl font-bold">You&apos;ve Received a Gift!</h1>
      <p className="mt-2 text-lg text-slate-700">
        Hi {gift.recipientFirstName || 'there'}, someone who cares about you sent you a gift.
      </p>
      <p className="mt-6 text-5xl font-bold text-brand-700">{formatUsd(parseMoney(gift.amount) ?? 0)}</p>
      <p className="mt-2">
        <span className="inline-flex rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">
          Anonymous Gift
        </span>
      </p>
      {gift.personalNote ? <PersonalNote note={gift.personalNote} /> : null}
    </>
  );
}

/**
 * The sender's message, where the recipient meets it: beside the gift when it has no question, else on the page the
 * right answer opens (issue 25 point 1), and so in the review step's preview.
 */
export function PersonalNote({ note }: { note: string }) {
  return (
    <figure className="mt-6 rounded-lg bg-brand-50 p-4 text-left">
      <figcaption className="text-sm font-semibold text-slate-700">A personal note from a friend</figcaption>
      <blockquote className="mt-1 whitespace-pre-wrap break-words text-slate-900">{note}</blockquote>
    </figure>
  );
}

export const ANSWER_HINT =
  "The sender set this question to make sure the gift reaches you. Capitals and extra spaces don't matter.";

export function WhatHappensNext() {
  return (
    <section className="mt-8 rounded-lg bg-slate-50 p-4 text-left" aria-labelledby="what-next">
      <h2 id="what-next" className="font-semibold">
        What happens next?
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>You verify your identity with our secure payment partner.</li>
        <li>You add a US bank account or debit card to receive the money.</li>
        <li>We send the full amount within 24 hours of your claim.</li>
        <li>The money appears in your bank account within 1-2 business days.</li>
      </ol>
    </section>
  );
}

export function GiftNotFound() {
  return (
    <Card className="text-center">
      <h1 className="text-2xl font-bold">Gift Not Found</h1>
      <p className="mt-3 text-slate-700">This gift link is invalid or has expired.</p>
      <Link to="/" className={`${buttonClass('outline')} mt-6`}>
        Go to the home page
      </Link>
    </Card>
  );
}
