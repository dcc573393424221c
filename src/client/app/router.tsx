// The routes of route-table.ts as React routes. Pages load lazily so each loads only what it needs.
// Declarative routes (<Routes>) rather than a data router: the data router alone adds ~18 KB gzipped to the
// JavaScript every first visit loads (docs/decisions/005-declarative-routes.md). Navigations run in a transition,
// so the current page stays on screen until the next one has loaded.
/// <reference types="vite/client" />
import { lazy, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { RouteErrorBoundary } from './route-error';
import { pageFile, routeTable } from './route-table';

type PageModule = { default: ComponentType };
type PageLoader = () => Promise<PageModule>;

/** One lazy chunk per page file; Vite expands the glob at build time. */
const pageLoaders = import.meta.glob<PageModule>('../pages/**/*.tsx');

/** A lazily loaded page, wrapped in the query provider (kept out of the entry chunk); both download in parallel. */
const withServerData = (load: PageLoader) =>
  lazy(async () => {
    const [{ default: Page }, { WithQueryClient }] = await Promise.all([load(), import('./query-provider')]);
    return {
      default: () => (
        <WithQueryClient>
          <Page />
        </WithQueryClient>
      ),
    };
  });

export const routes: Array<{ path: string; Page: ComponentType }> = routeTable.map((route) => {
  const load = pageLoaders[`../pages/${pageFile(route)}`];
  if (!load) throw new Error(`route-table.ts: no page src/client/pages/${pageFile(route)} for ${route.path}`);
  return { path: route.path, Page: route.serverData ? withServerData(load) : lazy(load) };
});

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {routes.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              // Keyed by path: an error on one page does not stick to the next.
              <RouteErrorBoundary key={pathname}>
                <Page />
              </RouteErrorBoundary>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
