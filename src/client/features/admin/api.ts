// Admin endpoints: query keys, fetchers and hooks in one place for the admin pages.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';
import { getQueryFn } from '../../lib/query-client';
import { ATTENTION_KEY, MONEY_KEY } from './money-api';
import type { StepUpGuard } from './step-up-dialog';
import type { AdminGift, AdminLogin, AdminSetup, AdminStats } from '../../../shared/schemas/admin';
import { HAS_MORE_HEADER, type AdminLoginNext } from '../../../shared/schemas/admin-wire';

export const SETUP_NEEDED_KEY = ['/api/admin/setup-needed'] as const;
export const STATS_KEY = ['/api/admin/stats'] as const;
export const RECENT_KEY = ['/api/admin/gifts/recent'] as const;
export const SEARCH_KEY = '/api/admin/gifts/search';

/** Every admin query except setup-needed: dropped when the session changes. */
export const sessionQueries = (q: { queryKey: readonly unknown[] }) =>
  String(q.queryKey[0]).startsWith('/api/admin/') && q.queryKey[0] !== SETUP_NEEDED_KEY[0];

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export function useSetupNeeded() {
  return useQuery({
    queryKey: SETUP_NEEDED_KEY,
    queryFn: getQueryFn<{ setupNeeded: boolean; setupCodeRequired?: boolean }>(),
  });
}

/** Stats, answering null when the admin session is absent or expired (the page then goes to login). */
export function useAdminStats() {
  return useQuery({ queryKey: STATS_KEY, queryFn: getQueryFn<AdminStats>({ on401: 'returnNull', session: 'admin' }) });
}

export function useRecentGifts(enabled: boolean) {
  return useQuery({ queryKey: RECENT_KEY, queryFn: getQueryFn<AdminGift[]>(), enabled });
}

export interface SearchParams {
  q: string;
  status: string;
  page: number;
}

export interface SearchPage {
  gifts: AdminGift[];
  hasMore: boolean;
}

async function fetchSearch({ q, status, page }: SearchParams): Promise<SearchPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const res = await fetch(`${SEARCH_KEY}?${params}`, { credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  return { gifts: (await res.json()) as AdminGift[], hasMore: res.headers.get(HAS_MORE_HEADER) === 'true' };
}

/** Only called when a search text is set or a status other than all is chosen. */
export function useSearchGifts(params: SearchParams, enabled: boolean) {
  return useQuery({ queryKey: [SEARCH_KEY, params], queryFn: () => fetchSearch(params), enabled });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminLogin) => apiRequest<{ next: AdminLoginNext }>('POST', '/api/admin/login', input),
    // A new session: nothing cached under the previous one may show.
    onSuccess: () => queryClient.removeQueries({ predicate: sessionQueries }),
  });
}

export function useAdminSetup() {
  return useMutation({ mutationFn: (input: AdminSetup) => apiRequest('POST', '/api/admin/setup', input) });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/logout'),
    onSettled: () => queryClient.removeQueries({ predicate: sessionQueries }),
  });
}

export function useResendEmail() {
  return useMutation({ mutationFn: (id: number) => apiRequest('POST', `/api/admin/gifts/${id}/resend-email`) });
}

/** "Unfreeze claim": the lists are read again so the row loses its button and its note. */
export function useUnfreezeClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/admin/gifts/${id}/unfreeze-claim`),
    onSuccess: () => refreshGiftLists(queryClient),
  });
}

/** Every list a gift's change can move it in or out of: the gift lists, the attention list and the money totals. */
function refreshGiftLists(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [RECENT_KEY, [SEARCH_KEY], ATTENTION_KEY, MONEY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function useProcessExpired(guard: StepUpGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => guard(() => apiRequest<{ processed: number }>('POST', '/api/admin/process-expired')),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: STATS_KEY }), refreshGiftLists(queryClient)]);
    },
  });
}
