// The claim API's messages, identifiers and answers, with no zod: the claim page imports these
// without loading the validation library. The request schema is in claim.ts beside this file.

/** The claim token in the URL: 32 random bytes, base64url. Anything else cannot be a token. */
export const CLAIM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const CLAIM_MESSAGES = {
  answerRequired: 'Security answer is required',
  incorrectAnswer: 'Incorrect security answer',
  notPaid: 'Gift payment has not been completed',
  notFound: 'This gift link is invalid or has expired.',
} as const;

export interface ClaimLookup {
  recipientFirstName: string;
  /** Decimal string, "50.00". */
  amount: string;
  /** Null for a gift with a security question: the right answer's response carries it (issue 25 point 1). */
  personalNote: string | null;
  hasSecurityQuestion: boolean;
  securityQuestion: string | null;
}

/**
 * Where the right answer leads (decision 021): the onboarding of the gift's own payout account, or the provider's
 * sign-in to an existing account for this address (whose owner must prove it is theirs).
 */
export type ClaimAccountStep = 'onboarding' | 'owner_sign_in';

export interface ClaimStartResponse {
  accountLinkUrl: string;
  accountStep: ClaimAccountStep;
  /** The sender's message: a gift with a security question shows it only once the answer was right (issue 25). */
  personalNote: string | null;
}

/** "Use a different account": a form posted here sets up a new payout account for the gift (303 to its onboarding). */
export const newAccountPath = (token: string) => `/api/gifts/claim/${encodeURIComponent(token)}/new-account`;

/**
 * "Decline this gift" (decision 025): in the gift's claim session (its cookie is sent only under /api/gifts/), a
 * JSON post answers JSON; the claim page's plain form is answered with a redirect back to the claim page.
 */
export const declinePath = (token: string) => `/api/gifts/claim/${encodeURIComponent(token)}/decline`;

/**
 * "Don't accept gifts from this sender again" (issue 25 point 4), in the gift's claim session: a JSON post answers
 * JSON; the claim page's form is redirected back to it (CLAIM_SENDER_STOPPED_QUERY says how it went).
 */
export const stopSenderPath = (token: string) => `/api/gifts/claim/${encodeURIComponent(token)}/stop-sender`;

/** "Report this gift" (issue 25): a JSON post answers JSON; the claim page's form is redirected back to it. */
export const reportPath = (token: string) => `/api/gifts/claim/${encodeURIComponent(token)}/report`;

/** The masked bank account or card the provider pays into, as the claim page shows it: "…6789". */
export const maskedAccount = (last4: string) => `…${last4}`;

export interface ClaimCompleteResponse {
  success: boolean;
  message: string;
  /** The gift's public id, for the verification-complete page. */
  giftId: string;
  /** The gift amount, decimal string: the claim success page shows it. */
  amount: string;
  /** Where the money goes, masked ("…6789"); null while the account has none or could not be read. */
  payoutAccount: string | null;
}

export const GIFT_PUBLIC_ID_PATTERN = /^g_[A-Za-z0-9_-]{16}$/;

/**
 * paid: all that is said without the gift's claim session while it waits for its recipient; on_hold: a check of the
 * payment (a card dispute) holds the payout; checking: held for a risk review (decision 024); not_completed: the
 * review rejected it; unavailable: the payment was taken back.
 */
export type ClaimStatus =
  | 'paid'
  | 'completed'
  | 'transfer_pending'
  | 'setup_required'
  | 'verifying'
  | 'on_hold'
  | 'checking'
  | 'not_completed'
  | 'expired'
  | 'refunded'
  | 'unavailable';

/**
 * Without the gift's claim session only the gift's status, as its sender sees it: paid, completed, expired,
 * refunded or unavailable. With it, the onboarding progress too (never "paid").
 */
export interface GiftStatusResponse {
  status: ClaimStatus;
  stripeAccount?: { requirements_pending: number };
}

export interface DashboardLoginResponse {
  url: string;
}
