// TanStack Query for the pages that use it: loaded with their page chunks (router.tsx) rather than in the entry chunk,
// so the JavaScript a first visit needs stays small. One shared client: the cache survives navigation. A page the
// server rendered with its data starts from that data (lib/query-seed.ts); on the server, each render has its own.
import { useContext, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { ServerQueryClient, takeQuerySeed } from '../lib/query-seed';

takeQuerySeed(queryClient);

export function WithQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(ServerQueryClient) ?? queryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
