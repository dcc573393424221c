// TanStack Query as spec §7 says: no refetch interval, none on focus, never stale, no retries.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet, type On401 } from './api';

export const getQueryFn =
  <T,>({ on401 = 'throw' }: { on401?: On401 } = {}): QueryFunction<T | null> =>
  ({ queryKey }) =>
    apiGet<T>(queryKey.join('/'), on401);

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
