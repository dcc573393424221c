// Every error answer of the API is {"code", "message"}: `message` is the sentence a person acts on, `code` a stable
// name a program can branch on (messages may be reworded; a code, once published, keeps its meaning).
import { z } from 'zod';

/** Every code the API answers with, and what it means. Add to the end; never rename or reuse one. */
export const ERROR_CODE_MEANINGS = {
  VALIDATION_FAILED: 'A field is missing, malformed or not allowed (the message names it)',
  MALFORMED_REQUEST: 'The body is empty, not valid JSON, or does not match its Content-Length',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not sent as JSON',
  PAYLOAD_TOO_LARGE: 'The body is larger than the API accepts',
  ROUTE_NOT_FOUND: 'No API route answers this method and path',
  NOT_FOUND: 'What the request names does not exist',
  GIFT_NOT_FOUND: 'No gift answers this link, id or token (or it is not yours to see)',
  GIFT_NOT_PAID: 'The gift has not been paid yet',
  CLAIM_NOT_STARTED: 'The claim must be started (security answer) before this step',
  ANSWER_INCORRECT: 'The security answer is wrong',
  CLAIM_LOCKED: 'The claim is frozen after too many wrong answers; support can unfreeze it',
  GIFT_STATE_CONFLICT: "The gift's state does not allow this now (already claimed, cancelled, refunded, …)",
  PAYOUT_ACCOUNT_NOT_READY: "The recipient's payout account is not set up or verified yet",
  SIGN_IN_LINK_INVALID: 'The sign-in link is invalid, used or expired',
  OWNER_PROOF_REFUSED:
    "The return from the payout provider's owner sign-in is invalid, used, expired or another claim's",
  AUTH_REQUIRED: 'Sign in first',
  ADMIN_AUTH_REQUIRED: 'Log in as an admin first',
  LOGIN_FAILED: 'Wrong e-mail or password',
  ADMIN_SETUP_DONE: 'The first admin exists already: log in instead',
  ADMIN_SETUP_CODE_INVALID: 'The setup code is missing or wrong',
  CSRF_REJECTED: 'A cross-site request that changes state was refused',
  WEBHOOK_SIGNATURE_INVALID: "A provider event's signature is missing or wrong: it was not accepted",
  RATE_LIMITED: 'Too many requests: the Retry-After header says when to try again',
  PROVIDER_UNAVAILABLE: 'The payment provider could not be reached: try again in a moment',
  PROVIDER_REFUSED: 'The payment provider refused this step: trying again soon will not help',
  BAD_REQUEST: 'The request was refused (any other 4xx)',
  SERVICE_UNAVAILABLE: 'The server is shutting down or overloaded: try again in a moment',
  INTERNAL: 'Something failed on our side: nothing of it is revealed',
  LOGIN_PENDING_EXPIRED: "The login's password step timed out (10 minutes) or never happened: log in again",
  SECOND_FACTOR_INVALID: 'The code from the authenticator app (or the recovery code) is wrong or already used',
  SECOND_FACTOR_NOT_ENROLLED: 'The admin account has no second factor yet: set one up first',
  SECOND_FACTOR_ENROLLED: 'The admin account already has a second factor',
  SECOND_FACTOR_REQUIRED: 'A second factor is required here (a real payment provider): it cannot be skipped',
  STEP_UP_REQUIRED:
    'A money action needs a password or second-factor check within the last 15 minutes: POST /api/admin/step-up, then retry',
  PASSWORD_INCORRECT: "The admin's current password is wrong",
  PASSWORD_REFUSED: 'The new password is too short, too common (a list of known passwords) or unchanged',
  RECIPIENT_NOT_ACCEPTING: 'The recipient stopped gifts through Hushgift to this address (409)',
  GIFT_DECLINED: 'The recipient declined this gift: its link opens nothing more (410)',
  REVIEW_DECIDED: "The gift's risk review was already decided the other way (approved or rejected)",
  RECIPIENT_UNAVAILABLE: 'Gifts to this address cannot be sent; no reason is given (409)',
} as const;

export type ErrorCode = keyof typeof ERROR_CODE_MEANINGS;
export const ERROR_CODES = Object.keys(ERROR_CODE_MEANINGS) as [ErrorCode, ...ErrorCode[]];

export const errorCodeSchema = z.enum(ERROR_CODES);

export const apiErrorSchema = z.object({
  code: errorCodeSchema.describe('Stable machine-readable code: see the API description for each one'),
  message: z.string().describe('A sentence a person can act on'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
