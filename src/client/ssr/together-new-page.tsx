// /together/new as the server renders it to answer its form posted without scripts (POST /together/new, decision
// 026): scripts/prerender.ts builds this file into dist/ssr/together-new-page.js. The same page as the app's, with
// either the form again (what was typed, an error summary and each field's problem next to it) or the two links,
// shown this once. Plain HTML: the form posts again; no app script is loaded on this answer.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { GroupLinks } from '../features/together/new-group-form';
import { GroupErrorSummary, NewGroupFormFrame } from '../features/together/new-group-form-frame';
import {
  NEW_GROUP_DESCRIPTION,
  NEW_GROUP_TITLE,
  NewGroupPageContent,
} from '../features/together/new-group-page-content';
import { documentTitle } from '../lib/page-meta';
import {
  TOGETHER_NEW_PATH,
  type RenderTogetherNewPage,
  type TogetherNewPageView,
} from '../../shared/together-new-page';

function Form({ view }: { view: Extract<TogetherNewPageView, { kind: 'form' }> }) {
  return (
    <NewGroupFormFrame
      control={(name) => ({ name, defaultValue: view.values[name] })}
      errors={view.errors}
      alert={
        <>
          <GroupErrorSummary errors={view.errors} />
          {view.alert ? (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-semibold">The group gift was not started</p>
              <p>{view.alert}</p>
            </div>
          ) : null}
        </>
      }
    />
  );
}

export const renderTogetherNewPage: RenderTogetherNewPage = (view) => {
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={TOGETHER_NEW_PATH}>
        <SiteLayout>
          <NewGroupPageContent>
            {view.kind === 'started' ? <GroupLinks links={view.links} /> : <Form view={view} />}
          </NewGroupPageContent>
        </SiteLayout>
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    title: documentTitle(view.kind === 'started' ? 'Your group gift is open' : NEW_GROUP_TITLE),
    description: NEW_GROUP_DESCRIPTION,
  };
};
