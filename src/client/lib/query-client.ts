// TanStack Query defaults: no refetch interval, none on focus, never stale, no retries.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet, type On401 } from './api';
import { forgetSignedIn, maybeSignedIn } from './session-hint';
import type { SessionHintKind } from '../../shared/session-hint';

/**
 * `session`: the query needs that sign-in; without its hint cookie it answers null (signed out) without asking the
 * API, whose 401 the browser would log as a console error (src/shared/session-hint.ts).
 */
export const getQueryFn =
  <T>({ on401 = 'throw', session }: { on401?: On401; session?: SessionHintKind } = {}): QueryFunction<T | null> =>
  async ({ queryKey }) => {
    if (session && !maybeSignedIn(session)) return null;
    const answer = await apiGet<T>(queryKey.join('/'), on401);
    if (session && answer === null) forgetSignedIn(session);
    return answer;
  };

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn(),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
