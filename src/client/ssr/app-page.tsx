// A page of the app rendered to HTML with the browser's own component tree (AppContent inside a router at the
// given address), after every lazy page chunk has loaded: the markup the browser then hydrates. Used at build time
// for the public pages (src/client/prerender.tsx) and per request for the share page (together-share-page.tsx).
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from '../app/app';
import { PageMetaCollector, type PageMeta } from '../lib/page-meta';

export interface RenderedAppPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The title and description the page sets (usePageMeta), for the document head. */
  meta: PageMeta | null;
}

/** `location` is the path with its query; `wrap` adds providers around the tree (the server's query client). */
export async function renderAppPage(
  location: string,
  wrap: (app: ReactNode) => ReactNode = (app) => app,
): Promise<RenderedAppPage> {
  let meta: PageMeta | null = null;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaCollector.Provider value={(m) => (meta = m)}>
        {wrap(
          <StaticRouter location={location}>
            <AppContent />
          </StaticRouter>,
        )}
      </PageMetaCollector.Provider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  // An error inside a Suspense boundary would otherwise leave a client-rendered hole: fail instead.
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${location} failed`);
  return { html: await new Response(prelude).text(), meta };
}
