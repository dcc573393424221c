// Build-time prerender of the public pages: Vite builds this file as an SSR bundle and scripts/prerender.ts
// writes each page's HTML into dist/client/prerendered/, which the server sends for exactly these paths;
// the browser hydrates it (main.tsx). Only pages whose first render depends on nothing but the path belong here:
// no session, token, API data or sessionStorage (the landing page shows its draft only after hydration).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app';
import { SiteLayout } from './components/layout/site-layout';
import { PageMetaCollector, type PageMeta } from './lib/page-meta';

export const PRERENDERED_PATHS = [
  '/',
  '/how-it-works',
  '/security',
  '/pricing',
  '/faq',
  '/contact',
  '/together/new',
  '/privacy-policy',
  '/terms-of-use',
] as const;

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The title and description the page sets (usePageMeta), for the document head. */
  meta: PageMeta | null;
}

/** Renders one path with the browser's component tree, after every lazy page chunk has loaded. */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  let meta: PageMeta | null = null;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaCollector.Provider value={(m) => (meta = m)}>
        <StaticRouter location={path}>
          <AppContent />
        </StaticRouter>
      </PageMetaCollector.Provider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  // An error inside a Suspense boundary would otherwise leave a client-rendered hole: fail the build instead.
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} failed`);
  return { html: await new Response(prelude).text(), meta };
}

/**
 * The site's frame (skip link, header, an empty main a screen tall, footer) for the pages the browser renders
 * itself: the server puts it in their #root (marked data-frame) so they paint the header at once instead of a
 * blank screen until the scripts have run; main.tsx renders over it (createRoot clears it) instead of hydrating.
 */
export async function renderFrame(): Promise<string> {
  const { prelude } = await prerender(
    <StaticRouter location="/">
      <SiteLayout>{null}</SiteLayout>
    </StaticRouter>,
  );
  return new Response(prelude).text();
}
