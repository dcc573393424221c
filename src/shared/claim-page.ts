// The server-rendered claim page (/claim/:token, /gift/claim/:token): what the server asks the page renderer to
// draw. The renderer is built from the client's components (src/client/ssr/claim-page.tsx); the server fills the
// view from the same claim services the API uses (docs/decisions/015-server-rendered-claim-page.md).
import type { ClaimAccountStep, ClaimLookup } from './schemas/claim-contract.js';
import type { RenderedServerPage } from './server-rendered-page.js';

/** The answer field's name in the claim page's HTML form (posted form-encoded to the page's own address). */
export const CLAIM_ANSWER_FIELD = 'securityAnswer';
/** The form's id, which the page's small inline script looks for. */
export const CLAIM_FORM_ID = 'claim-form';
/** The query the report form's redirect adds, so the page says the report was received (issue 25). */
export const CLAIM_REPORTED_QUERY = 'reported';

export type ClaimPageView =
  /** The gift and its answer form; after a refused answer, the server's message and what was typed. */
  | {
      kind: 'gift';
      gift: ClaimLookup;
      formAction: string;
      answer?: string;
      error?: string;
      /** "Report this gift": where its form posts; reported: the report was just received. */
      reportAction: string;
      reported?: boolean;
    }
  | { kind: 'not-found' }
  /**
   * The answer was right: the link to the payment partner's onboarding, or to its sign-in to an existing account
   * with "Use a different account" (a form posted to newAccountAction) beside it (decision 021).
   */
  | {
      kind: 'account-setup';
      accountLinkUrl: string;
      accountStep: ClaimAccountStep;
      newAccountAction: string;
      /** "Decline this gift": where its confirmed form posts (decision 025). */
      declineAction: string;
      reportAction: string;
    }
  /** The link of a gift its recipient declined (decision 025). */
  | { kind: 'declined' };

export type RenderClaimPage = (view: ClaimPageView, pathname: string) => RenderedServerPage;
