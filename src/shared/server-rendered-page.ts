// A page the server renders per request from the client's components (the claim page, decision 015; the contact
// page's answer to its form posted without scripts, decision 007): what the renderer hands the server.
export interface RenderedServerPage {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description: string;
}

/**
 * The id of the JSON block of query data a server-rendered page that the app hydrates starts from (the share page,
 * decision 026): an array of [query key, data] (src/client/lib/query-seed.ts).
 */
export const QUERY_SEED_ID = 'hg-query-seed';
