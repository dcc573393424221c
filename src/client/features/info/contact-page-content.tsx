// The contact page's content around its form: the app's page and the server's answer to the form posted without
// scripts (src/client/ssr/contact-page.tsx) draw the same page with their own form, or the "sent" notice, in it.
import type { ReactNode } from 'react';
import { FACTS } from './facts';
import { InfoPage } from './info-page';

export const CONTACT_TITLE = 'Contact Us';
export const CONTACT_DESCRIPTION =
  'Contact Hushgift support about sending or claiming an anonymous gift, payments, refunds or privacy. Urgent issues get a priority response within 2 hours.';

export function ContactPageContent({ form }: { form: ReactNode }) {
  return (
    <InfoPage
      title={CONTACT_TITLE}
      lead={`Questions about a gift, a payment or your privacy? Send us a message and we will reply within ${FACTS.supportResponse}.`}
      wide
    >
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="contact-form-heading" className="mb-5 text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          {form}
        </section>
        <div className="space-y-6">
          <section
            aria-labelledby="urgent-heading"
            className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-slate-800"
          >
            <h2 id="urgent-heading" className="text-lg font-semibold text-slate-900">
              Urgent issues
            </h2>
            <p className="mt-2">
              A problem with a payment, a gift sent to the wrong address, or a suspicious e-mail? E-mail{' '}
              <a
                href={`mailto:${FACTS.supportEmail}?subject=${encodeURIComponent('URGENT: ')}`}
                className="font-medium text-brand-800 underline"
              >
                {FACTS.supportEmail}
              </a>{' '}
              with “URGENT” in the subject for a priority response within {FACTS.urgentResponse}.
            </p>
          </section>
          <section
            aria-labelledby="other-ways-heading"
            className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700"
          >
            <h2 id="other-ways-heading" className="text-lg font-semibold text-slate-900">
              Other ways to reach us
            </h2>
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="font-medium text-slate-900">Email support</dt>
                <dd>
                  <a href={`mailto:${FACTS.supportEmail}`} className="text-brand-700 underline">
                    {FACTS.supportEmail}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Response time</dt>
                <dd>
                  Within {FACTS.supportResponse}; privacy requests within {FACTS.privacyResponse}.
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </div>
    </InfoPage>
  );
}
