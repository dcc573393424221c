// A page of the app rendered to HTML with the browser's own component tree (AppContent inside a router at the
// given address), after every lazy page chunk has loaded: the markup the browser then hydrates. Rendered at build
// time for the public pages (src/client/prerender.tsx, renderAppPage) and per request for the share page
// (together-share-page.tsx, renderAppPageInProcess).
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
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

type Wrap = (app: ReactNode) => ReactNode;
const noWrap: Wrap = (app) => app;

const appTree = (location: string, wrap: Wrap, collect: (meta: PageMeta) => void) => (
  <StrictMode>
    <PageMetaCollector.Provider value={collect}>
      {wrap(
        <StaticRouter location={location}>
          <AppContent />
        </StaticRouter>,
      )}
    </PageMetaCollector.Provider>
  </StrictMode>
);

/** `location` is the path with its query; `wrap` adds providers around the tree (the server's query client). */
export async function renderAppPage(location: string, wrap: Wrap = noWrap): Promise<RenderedAppPage> {
  let meta: PageMeta | null = null;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    appTree(location, wrap, (m) => (meta = m)),
    { onError: (error) => void errors.push(error) },
  );
  // An error inside a Suspense boundary would otherwise leave a client-rendered hole: fail instead.
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${location} failed`);
  return { html: await new Response(prelude).text(), meta };
}

/** What React's renderToString throws when a part outside any Suspense boundary is still loading. */
const SUSPENDED_OUTSIDE_BOUNDARY = /suspended while responding to synchronous input/;
/** What it writes for a Suspense boundary it could not finish (still loading, or failed): left to the browser. */
const UNFINISHED_BOUNDARY = '<!--$!-->';
const RETRY_MS = 10;
const MAX_ATTEMPTS = 100;

/**
 * The same markup, rendered inside the server's own process for a request. Not with prerender: React's streaming
 * renderers run each render inside an AsyncLocalStorage, and on Node.js 20 the first such run turns on promise hooks
 * for the rest of the process's life, so every promise of every later request costs more (the claim lookup counted
 * 8.7 % more instructions after one share page, docs/benchmarks.md "Session 13";
 * tests/api/share-page-async-hooks.test.ts). renderToString runs no AsyncLocalStorage but cannot wait for a lazy
 * chunk: a render that meets one still loading is tried again once the chunks it started have had time to load.
 * That happens only for a page's first render in a process; afterwards its chunks are in memory and React renders
 * them at once.
 */
export async function renderAppPageInProcess(location: string, wrap: Wrap = noWrap): Promise<RenderedAppPage> {
  for (let attempt = 1; ; attempt++) {
    let meta: PageMeta | null = null;
    let html: string | undefined;
    try {
      html = renderToString(appTree(location, wrap, (m) => (meta = m)));
    } catch (error) {
      if (!(error instanceof Error && SUSPENDED_OUTSIDE_BOUNDARY.test(error.message))) throw error;
    }
    if (html !== undefined && !html.includes(UNFINISHED_BOUNDARY)) return { html, meta };
    if (attempt === MAX_ATTEMPTS) throw new Error(`rendering ${location} did not finish: a part of it never loaded`);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
