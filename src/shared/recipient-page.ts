// The recipient's own pages (issue 25), rendered by the server per request like the claim page (decision 015) so
// their forms work before any script: /verify. The renderer is built from the client's components
// (src/client/ssr/recipient-page.tsx); the server fills the view from the recipient-rights services.
import type { VerifyResponse } from './schemas/recipient-rights.js';
import type { RenderedServerPage } from './server-rendered-page.js';

export type RecipientPageView =
  /** The code form; after a check, its answer (or why it was refused) and what was typed. */
  { kind: 'verify'; code?: string; result?: VerifyResponse; error?: string };

export type RenderRecipientPage = (view: RecipientPageView, pathname: string) => RenderedServerPage;
