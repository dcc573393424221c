// The recipient's own pages (issue 25), rendered by the server per request like the claim page (decision 015) so
// their forms work before any script: /verify, and the links e-mailed to the address (/stop/:token, /resume/:token). The renderer is built from the client's components
// (src/client/ssr/recipient-page.tsx); the server fills the view from the recipient-rights services.
import type { RecipientLinkView, VerifyResponse } from './schemas/recipient-rights.js';
import type { RenderedServerPage } from './server-rendered-page.js';

export type RecipientPageView =
  /** The code form; after a check, its answer (or why it was refused) and what was typed. */
  | { kind: 'verify'; code?: string; result?: VerifyResponse; error?: string }
  /** A link e-mailed to the address (stop all gifts, undo a stop): what it does and its one-click form. */
  | { kind: 'link'; link: RecipientLinkView; action: string; error?: string }
  /** The link's action done. */
  | { kind: 'link-done'; message: string }
  /** An unknown, malformed or erased link. */
  | { kind: 'link-invalid' };

export type RenderRecipientPage = (view: RecipientPageView, pathname: string) => RenderedServerPage;
