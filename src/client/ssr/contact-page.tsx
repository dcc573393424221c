// The contact page as the server renders it to answer the contact form posted without scripts (POST /contact,
// decision 007 amended): scripts/prerender.ts builds this file into dist/ssr/contact-page.js. The same page as
// the app's, with either the form again (what was typed, each field's problem next to it, or why the message was
// not sent) or the "sent" notice. Plain HTML: the form posts again; no app script is loaded on this answer.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Link, StaticRouter } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { buttonClass } from '../components/ui/button';
import { ContactFormFrame } from '../features/info/contact-form-frame';
import { CONTACT_DESCRIPTION, CONTACT_TITLE, ContactPageContent } from '../features/info/contact-page-content';
import { documentTitle } from '../lib/page-meta';
import {
  CONTACT_PAGE_PATH,
  CONTACT_SENT_MESSAGE,
  type ContactPageView,
  type RenderContactPage,
} from '../../shared/contact-page';

function Sent() {
  return (
    <div role="status" className="space-y-4">
      <p className="text-lg font-semibold text-slate-900">Message sent successfully!</p>
      <p className="text-slate-700">{CONTACT_SENT_MESSAGE}</p>
      <Link to={CONTACT_PAGE_PATH} className={buttonClass('outline')}>
        Send another message
      </Link>
    </div>
  );
}

function Form({ view }: { view: Extract<ContactPageView, { kind: 'form' }> }) {
  return (
    <ContactFormFrame
      control={(name) => ({ name, defaultValue: name === 'website' ? '' : view.values[name] })}
      errors={view.errors}
      alert={
        view.alert ? (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">Error sending message</p>
            <p>{view.alert}</p>
          </div>
        ) : null
      }
    />
  );
}

export const renderContactPage: RenderContactPage = (view) => {
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={CONTACT_PAGE_PATH}>
        <SiteLayout>
          <ContactPageContent form={view.kind === 'sent' ? <Sent /> : <Form view={view} />} />
        </SiteLayout>
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    title: documentTitle(view.kind === 'sent' ? 'Message sent' : CONTACT_TITLE),
    description: CONTACT_DESCRIPTION,
  };
};
