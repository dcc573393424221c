// TanStack Query for the pages that use it: loaded with their page chunks (router.tsx) rather than in the entry chunk,
// so the JavaScript a first visit needs stays small. One shared client: the cache survives navigation.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

export function WithQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
