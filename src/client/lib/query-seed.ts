// Query data a page rendered by the server starts from (the share page, decision 026): the server renders the page
// with a client of its own holding the data (ServerQueryClient), and writes the same data into the document as a
// JSON block, which the app puts into its cache before its first render, so the hydrating render is the server's.
import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { QUERY_SEED_ID } from '../../shared/server-rendered-page';

/** Set only while the server renders a page: that request's own client (the app's one client is per browser). */
export const ServerQueryClient = createContext<QueryClient | null>(null);

/** Moves the document's seed (if any) into `client`, once. */
export function takeQuerySeed(client: QueryClient): void {
  if (typeof document === 'undefined') return;
  const block = document.getElementById(QUERY_SEED_ID);
  if (!block) return;
  block.remove();
  for (const [key, data] of JSON.parse(block.textContent ?? '[]') as Array<[unknown[], unknown]>)
    client.setQueryData(key, data);
}
