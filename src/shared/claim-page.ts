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
/** The query the stop-sender form's redirect adds: 1 when the sender was stopped, 0 when it could not be done. */
export const CLAIM_SENDER_STOPPED_QUERY = 'sender-stopped';

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
      /** How "Don't accept gifts from this sender again" went, when the page is its form's redirect. */
      senderStopped?: boolean;
    }
  /** senderStopped: the stop-sender form's redirect to the link of a gift since paid out (see 'gift'). */
  | { kind: 'not-found'; senderStopped?: boolean }
  /**
   * The answer was right: the link to the payment partner's onboarding, or to its sign-in to an existing account
   * with "Use a different account" (a form posted to newAccountAction) beside it (decision 021).
   */
  | {
      kind: 'account-setup';
      accountLinkUrl: string;
      accountStep: ClaimAccountStep;
      /** The sender's message, which the right answer opens (issue 25 point 1). */
      personalNote: string | null;
      newAccountAction: string;
      /** "Decline this gift": where its confirmed form posts (decision 025). */
      declineAction: string;
      reportAction: string;
      /** "Don't accept gifts from this sender again": where its form posts (issue 25 point 4). */
      stopSenderAction: string;
    }
  /** The link of a gift its recipient declined (decision 025), with "Don't accept gifts from this sender again". */
  | { kind: 'declined'; stopSenderAction: string; senderStopped?: boolean };

export type RenderClaimPage = (view: ClaimPageView, pathname: string) => RenderedServerPage;
