// The frame of the narrow pages the server renders per request (the claim page, the recipient's own pages): the
// site's layout around one centred column, rendered to HTML for the given path.
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';

export function renderNarrowPage(pathname: string, content: ReactNode): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <SiteLayout>
          <section className="mx-auto max-w-xl px-4 py-10 sm:py-16">{content}</section>
        </SiteLayout>
      </StaticRouter>
    </StrictMode>,
  );
}
