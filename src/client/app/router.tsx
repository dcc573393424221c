// Every route of spec §2 (plus the routes DESIGN §3 fixes). Pages load lazily so each loads only what it needs.
// Declarative routes (<Routes>) rather than a data router: the data router alone adds ~18 KB gzipped to the
// JavaScript every first visit loads (docs/decisions/005-declarative-routes.md). Navigations run in a transition,
// so the current page stays on screen until the next one has loaded.
import { lazy, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SiteLayout } from '../components/layout/SiteLayout';
import { RouteErrorBoundary } from './RouteError';

type PageModule = { default: ComponentType };
/** A lazily loaded page, wrapped in the query provider (kept out of the entry chunk); both download in parallel. */
const page = (load: () => Promise<PageModule>) =>
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

/**
 * A lazily loaded page that uses no server data (TanStack Query): the landing and information pages. Without the
 * provider, their first visit does not download TanStack Query (~12 KB compressed) before the page is interactive.
 * Such a page must not call useQuery / useMutation / useQueryClient: it would throw "No QueryClient set".
 */
const staticPage = (load: () => Promise<PageModule>) => lazy(load);

export const routes: Array<{ path: string; Page: ComponentType }> = [
  { path: '/', Page: staticPage(() => import('../pages/landing/LandingPage')) },
  { path: '/gift/recipient-info', Page: page(() => import('../pages/gift/RecipientInfoPage')) },
  { path: '/gift/personal-message', Page: page(() => import('../pages/gift/PersonalMessagePage')) },
  { path: '/gift/security', Page: page(() => import('../pages/gift/SecurityQuestionPage')) },
  { path: '/gift/review', Page: page(() => import('../pages/gift/ReviewPage')) },
  { path: '/gift/review-new', Page: page(() => import('../pages/gift/ReviewPage')) },
  { path: '/success', Page: page(() => import('../pages/gift/SuccessPage')) },
  { path: '/claim/:token', Page: page(() => import('../pages/claim/ClaimPage')) },
  { path: '/gift/claim/:token', Page: page(() => import('../pages/claim/ClaimPage')) },
  { path: '/claim-success', Page: page(() => import('../pages/claim/ClaimSuccessPage')) },
  { path: '/verification-complete', Page: page(() => import('../pages/claim/VerificationCompletePage')) },
  { path: '/admin', Page: page(() => import('../pages/admin/AdminIndexPage')) },
  { path: '/admin/login', Page: page(() => import('../pages/admin/AdminLoginPage')) },
  { path: '/admin/setup', Page: page(() => import('../pages/admin/AdminSetupPage')) },
  { path: '/admin/dashboard', Page: page(() => import('../pages/admin/AdminDashboardPage')) },
  { path: '/donor/account', Page: page(() => import('../pages/donor/DonorAccountPage')) },
  { path: '/donor/login', Page: page(() => import('../pages/donor/DonorLoginPage')) },
  { path: '/how-it-works', Page: staticPage(() => import('../pages/info/HowItWorksPage')) },
  { path: '/security', Page: staticPage(() => import('../pages/info/SecurityPage')) },
  { path: '/pricing', Page: staticPage(() => import('../pages/info/PricingPage')) },
  { path: '/faq', Page: staticPage(() => import('../pages/info/FaqPage')) },
  { path: '/contact', Page: page(() => import('../pages/info/ContactPage')) },
  { path: '/privacy-policy', Page: staticPage(() => import('../pages/info/PrivacyPolicyPage')) },
  { path: '/terms-of-use', Page: staticPage(() => import('../pages/info/TermsOfUsePage')) },
  { path: '*', Page: staticPage(() => import('../pages/NotFoundPage')) },
];

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
