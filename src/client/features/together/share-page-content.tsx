// The share page's body, one copy for the app's page (pages/together/share-page.tsx, which the server also renders
// for the browser to hydrate) and the server's answer to its form posted without scripts
// (src/client/ssr/together-share-page.tsx): the recipient's first name, the message, the count and the goal progress
// in 10% steps — nothing else of the group (decision 026) — and below them the form, or why there is none.
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import type { SharePage } from '../../../shared/schemas/together';
import { GroupProgress, LongDate, STATE_TEXT } from './group-progress';

export const SHARE_PAGE_TITLE = 'A group gift';
export const SHARE_PAGE_DESCRIPTION = 'Add your anonymous share to a group gift on Hushgift.';

/** Where the hosted checkout sends a contributor back: paid, or left without paying. */
export interface CheckoutReturn {
  paid: boolean;
  canceled: boolean;
}

export function SharePageContent({
  page,
  checkout,
  form,
}: {
  page: SharePage;
  checkout: CheckoutReturn;
  /** The contribution form while the group is open. */
  form: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">A group gift for {page.recipientFirstName}</h1>
        <p className="mt-2 text-sm text-slate-700">
          {STATE_TEXT[page.state]}
          {page.state === 'open' ? (
            <>
              {' until '}
              <LongDate iso={page.deadlineAt} />
            </>
          ) : null}
        </p>
        {page.personalNote ? (
          <blockquote className="mt-6 whitespace-pre-wrap break-words border-l-4 border-brand-200 pl-4 text-slate-800">
            {page.personalNote}
          </blockquote>
        ) : null}
        <GroupProgress page={page} />
        {checkout.paid ? (
          <p role="status" className="mt-6 rounded-md bg-green-50 p-3 text-green-900">
            Thank you — your share is paid. Your receipt is on its way by e-mail, with the link to your private page
            where you can withdraw your share until the gift is sent.
          </p>
        ) : null}
        {checkout.canceled ? (
          <p role="status" className="mt-6 rounded-md bg-amber-50 p-3 text-amber-900">
            Your payment was not completed, so nothing was charged. You can try again below.
          </p>
        ) : null}
        {page.state === 'open' ? (
          form
        ) : (
          <p className="mt-8 text-slate-700">This group gift takes no more contributions.</p>
        )}
      </Card>
    </section>
  );
}

/** A link that leads to no group gift. */
export function ShareNotFound({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold">Group gift not found</h1>
        <p className="mt-3 text-slate-700">{message}</p>
      </Card>
    </section>
  );
}
