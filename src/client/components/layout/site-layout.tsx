import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';
import { ScrollToTop } from './scroll-to-top';

/** The routes' layout; the server-rendered claim page passes its content as children instead of an outlet. */
export function SiteLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      {/* At least a screen tall: on pages that render their content after loading data, the footer starts below the
          fold, so the content arriving does not push a visible footer down (layout shift). */}
      <main id="main" className="min-h-screen flex-1">
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
