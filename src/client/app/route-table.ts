// Every route of the app as plain data: its path, the page file that renders it (under src/client/pages/, without
// the extension) and whether the page uses server data. router.tsx turns it into lazy routes; the build reads the
// same table to write each route's modulepreload list (vite.config.ts), and the accessibility test walks it.
// No React here, so Node can import it at build time.

export interface RouteEntry {
  /** A React Router pattern: ":param" is one segment, "*" anything. */
  path: string;
  /** The page module, relative to src/client/pages/ and without its extension. */
  page: string;
  /**
   * true: the page reads server data (TanStack Query) and loads with the query provider. false: the landing and
   * information pages, whose first visit then does not download TanStack Query (~12 KB compressed). Such a page
   * must not call useQuery / useMutation / useQueryClient: it would throw "No QueryClient set".
   */
  serverData: boolean;
}

export const routeTable: readonly RouteEntry[] = [
  { path: '/', page: 'landing/landing-page', serverData: false },
  { path: '/gift/recipient-info', page: 'gift/recipient-info-page', serverData: false },
  { path: '/gift/personal-message', page: 'gift/personal-message-page', serverData: false },
  { path: '/gift/security', page: 'gift/security-question-page', serverData: false },
  { path: '/gift/review', page: 'gift/review-page', serverData: true },
  { path: '/gift/review-new', page: 'gift/review-page', serverData: true },
  { path: '/gift/manage/:token', page: 'gift/manage-gift-page', serverData: true },
  { path: '/success', page: 'gift/success-page', serverData: true },
  { path: '/together/new', page: 'together/new-group-page', serverData: true },
  { path: '/together/organise/:token', page: 'together/organiser-page', serverData: true },
  { path: '/together/:token', page: 'together/share-page', serverData: true },
  { path: '/claim/:token', page: 'claim/claim-page', serverData: true },
  { path: '/gift/claim/:token', page: 'claim/claim-page', serverData: true },
  { path: '/claim-success', page: 'claim/claim-success-page', serverData: true },
  { path: '/verification-complete', page: 'claim/verification-complete-page', serverData: true },
  { path: '/admin', page: 'admin/admin-index-page', serverData: true },
  { path: '/admin/login', page: 'admin/admin-login-page', serverData: true },
  { path: '/admin/setup', page: 'admin/admin-setup-page', serverData: true },
  { path: '/admin/dashboard', page: 'admin/admin-dashboard-page', serverData: true },
  { path: '/admin/second-factor', page: 'admin/admin-second-factor-page', serverData: true },
  { path: '/admin/password', page: 'admin/admin-password-page', serverData: true },
  { path: '/admin/audit', page: 'admin/admin-audit-page', serverData: true },
  { path: '/donor/account', page: 'donor/donor-account-page', serverData: true },
  { path: '/donor/login', page: 'donor/donor-login-page', serverData: true },
  { path: '/how-it-works', page: 'info/how-it-works-page', serverData: false },
  { path: '/security', page: 'info/security-page', serverData: false },
  { path: '/pricing', page: 'info/pricing-page', serverData: false },
  { path: '/faq', page: 'info/faq-page', serverData: false },
  { path: '/contact', page: 'info/contact-page', serverData: true },
  { path: '/privacy-policy', page: 'info/privacy-policy-page', serverData: false },
  { path: '/terms-of-use', page: 'info/terms-of-use-page', serverData: false },
  { path: '*', page: 'not-found-page', serverData: false },
];

/** The page's file, relative to src/client/pages/. */
export const pageFile = (route: RouteEntry) => `${route.page}.tsx`;
