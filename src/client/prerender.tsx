// Build-time prerender of the public pages: Vite builds this file as an SSR bundle and scripts/prerender.ts
// writes each page's HTML into dist/client/prerendered/, which the server sends for exactly these paths;
// the browser hydrates it (main.tsx). Only pages whose first render depends on nothing but the path belong here:
// no session, token, API data or sessionStorage (the landing page shows its draft only after hydration).
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { SiteLayout } from './components/layout/site-layout';
import { renderAppPage, type RenderedAppPage } from './ssr/app-page';

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

export type PrerenderedPage = RenderedAppPage;

/** Renders one path with the browser's component tree, after every lazy page chunk has loaded. */
export const renderPage = (path: string): Promise<PrerenderedPage> => renderAppPage(path);

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
