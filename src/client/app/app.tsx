import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { AppRoutes } from './router';

// The first page renders together with its layout (no footer jumping down as content arrives);
// later navigations keep the current page until the next has loaded (router transitions).
// TanStack Query's provider wraps each page (router.tsx) so it loads with the pages, not in the entry chunk.
/** Everything inside the router: the same tree in the browser and in the build-time prerender (prerender.tsx). */
export function AppContent() {
  return (
    <>
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
      <Toaster />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
