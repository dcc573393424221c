// The share page /together/<token> as the server renders it (decision 026): scripts/prerender.ts builds this file into
// dist/ssr/together-share-page.js.
// - renderSharePage: the app's own page (AppContent at the address), rendered with a query client of its own that
//   holds the page's data; the server sends it with the app's scripts and that data (the seed), and the browser
//   hydrates it. Its form posts to the server until then, or without scripts.
// - renderShareFormAnswer: the server's answer to that form when it does not lead to the checkout: the same page with
//   the form again (what was typed, an error summary and each field's problem), plain HTML with no app script.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { SiteLayout } from '../components/layout/site-layout';
import { ContributeErrorSummary, ContributeFormFrame } from '../features/together/contribute-form-frame';
import {
  SHARE_PAGE_DESCRIPTION,
  SHARE_PAGE_TITLE,
  ShareNotFound,
  SharePageContent,
} from '../features/together/share-page-content';
import { documentTitle } from '../lib/page-meta';
import { ServerQueryClient } from '../lib/query-seed';
import { TOGETHER_MESSAGES } from '../../shared/schemas/together';
import {
  sharePageQueryKey,
  type RenderShareFormAnswer,
  type RenderSharePage,
  type ShareFormAnswerView,
} from '../../shared/together-share-page';
import { renderAppPageInProcess } from './app-page';

const NO_FETCH = new Error('the server renders the share page from its own data only');

export const renderSharePage: RenderSharePage = async ({ url, token, page }) => {
  const seed: Array<[readonly unknown[], unknown]> = [[sharePageQueryKey(token), page]];
  // Never fetches: the data is there and never stale; a fresh client per request, so nothing is shared between them.
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false, queryFn: () => Promise.reject(NO_FETCH) } },
  });
  for (const [key, data] of seed) client.setQueryData(key, data);
  const rendered = await renderAppPageInProcess(url, (app) => (
    <ServerQueryClient.Provider value={client}>{app}</ServerQueryClient.Provider>
  ));
  client.clear();
  return {
    html: rendered.html,
    title: rendered.meta?.title ?? documentTitle(SHARE_PAGE_TITLE),
    description: rendered.meta?.description ?? SHARE_PAGE_DESCRIPTION,
    seed,
  };
};

function Answer({ view }: { view: ShareFormAnswerView }) {
  if (view.kind === 'not-found') return <ShareNotFound message={TOGETHER_MESSAGES.notFound} />;
  const { page } = view;
  return (
    <SharePageContent
      page={page}
      checkout={{ paid: false, canceled: false }}
      form={
        <ContributeFormFrame
          token={view.token}
          recipientFirstName={page.recipientFirstName}
          values={view.values}
          control={(name) => ({ name, defaultValue: view.values[name] })}
          errors={view.errors}
          alert={
            <>
              <ContributeErrorSummary errors={view.errors} />
              {view.alert ? (
                <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                  <p className="font-semibold">The checkout was not opened</p>
                  <p>{view.alert}</p>
                </div>
              ) : null}
            </>
          }
        />
      }
    />
  );
}

export const renderShareFormAnswer: RenderShareFormAnswer = (view) => {
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={view.kind === 'form' ? `/together/${view.token}` : '/together'}>
        <SiteLayout>
          <Answer view={view} />
        </SiteLayout>
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    title: documentTitle(view.kind === 'form' ? SHARE_PAGE_TITLE : 'Group gift not found'),
    description: SHARE_PAGE_DESCRIPTION,
  };
};
