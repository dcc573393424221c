// Every route of spec §2 (plus the routes DESIGN §3 fixes). Pages load lazily so each loads only what it needs.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SiteLayout } from '../components/layout/SiteLayout';
import { RouteError } from './RouteError';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...page(() => import('../pages/landing/LandingPage')) },
      { path: '/gift/recipient-info', ...page(() => import('../pages/gift/RecipientInfoPage')) },
      { path: '/gift/personal-message', ...page(() => import('../pages/gift/PersonalMessagePage')) },
      { path: '/gift/security', ...page(() => import('../pages/gift/SecurityQuestionPage')) },
      { path: '/gift/review', ...page(() => import('../pages/gift/ReviewPage')) },
      { path: '/gift/review-new', ...page(() => import('../pages/gift/ReviewPage')) },
      { path: '/success', ...page(() => import('../pages/gift/SuccessPage')) },
      { path: '/claim/:token', ...page(() => import('../pages/claim/ClaimPage')) },
      { path: '/gift/claim/:token', ...page(() => import('../pages/claim/ClaimPage')) },
      { path: '/claim-success', ...page(() => import('../pages/claim/ClaimSuccessPage')) },
      { path: '/verification-complete', ...page(() => import('../pages/claim/VerificationCompletePage')) },
      { path: '/admin', ...page(() => import('../pages/admin/AdminIndexPage')) },
      { path: '/admin/login', ...page(() => import('../pages/admin/AdminLoginPage')) },
      { path: '/admin/setup', ...page(() => import('../pages/admin/AdminSetupPage')) },
      { path: '/admin/dashboard', ...page(() => import('../pages/admin/AdminDashboardPage')) },
      { path: '/donor/account', ...page(() => import('../pages/donor/DonorAccountPage')) },
      { path: '/donor/login', ...page(() => import('../pages/donor/DonorLoginPage')) },
      { path: '/how-it-works', ...page(() => import('../pages/info/HowItWorksPage')) },
      { path: '/security', ...page(() => import('../pages/info/SecurityPage')) },
      { path: '/pricing', ...page(() => import('../pages/info/PricingPage')) },
      { path: '/faq', ...page(() => import('../pages/info/FaqPage')) },
      { path: '/contact', ...page(() => import('../pages/info/ContactPage')) },
      { path: '/privacy-policy', ...page(() => import('../pages/info/PrivacyPolicyPage')) },
      { path: '/terms-of-use', ...page(() => import('../pages/info/TermsOfUsePage')) },
      { path: '*', ...page(() => import('../pages/NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
