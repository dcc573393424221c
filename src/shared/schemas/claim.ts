// Claim payloads and answers, shared by the claim page and the claim routes.
import { z } from 'zod';
import { SECURITY_ANSWER_MAX } from '../constants.js';
import { ONBOARDING_STATUSES } from '../statuses.js';
import {
  CLAIM_MESSAGES,
  CLAIM_TOKEN_PATTERN,
  GIFT_PUBLIC_ID_PATTERN,
  type ClaimCompleteResponse,
  type ClaimLookup,
  type ClaimStartResponse,
  type DashboardLoginResponse,
  type GiftStatusResponse,
} from './claim-contract.js';

export * from './claim-contract.js';

/**
 * A path segment that cannot be a claim token names no gift: 404 with the same sentence as an unknown token. What
 * passed is a `ClaimToken` (a brand, nothing at run time), so a service can take it without testing it again.
 */
export const claimTokenParamSchema = z.object({
  token: z
    .string()
    .regex(CLAIM_TOKEN_PATTERN, CLAIM_MESSAGES.notFound)
    .brand<'ClaimToken'>()
    .describe('The claim token from the e-mail link'),
});

/** A string of the claim token's shape, checked by claimTokenParamSchema. */
export type ClaimToken = z.infer<typeof claimTokenParamSchema>['token'];

export const GIFT_NOT_FOUND_MESSAGE = 'Gift not found. Check the link and try again.';
export const giftPublicIdParamSchema = z.object({
  giftId: z.string().regex(GIFT_PUBLIC_ID_PATTERN, GIFT_NOT_FOUND_MESSAGE).describe('The public gift id (g_…)'),
});

export const claimLookupSchema = z.object({
  recipientFirstName: z.string(),
  amount: z.string().describe('Decimal string, "50.00"'),
  personalNote: z
    .string()
    .nullable()
    .describe("The sender's message; null for a gift with a security question until the answer (POST's response)"),
  hasSecurityQuestion: z.boolean(),
  securityQuestion: z.string().nullable(),
}) satisfies z.ZodType<ClaimLookup>;

export const claimStartResponseSchema = z.object({
  accountLinkUrl: z.string().describe("The payment provider's page: onboarding, or the owner's sign-in"),
  accountStep: z
    .enum(['onboarding', 'owner_sign_in'])
    .describe(
      'owner_sign_in: an existing payout account for this address, used only after its owner signs in at the provider; POST new-account sets up another',
    ),
  personalNote: z.string().nullable().describe("The sender's message, which the right answer opens"),
}) satisfies z.ZodType<ClaimStartResponse>;

export const claimCompleteResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  giftId: z.string(),
  amount: z.string(),
  payoutAccount: z.string().nullable().describe('The masked bank account or card the gift goes to ("…6789")'),
}) satisfies z.ZodType<ClaimCompleteResponse>;

export const giftStatusResponseSchema = z.object({
  status: z.enum([
    'paid',
    ...ONBOARDING_STATUSES,
    'on_hold',
    'checking',
    'not_completed',
    'expired',
    'refunded',
    'unavailable',
  ]),
  stripeAccount: z
    .object({ requirements_pending: z.number().int() })
    .optional()
    .describe("Only in the gift's claim session: the onboarding progress"),
}) satisfies z.ZodType<GiftStatusResponse>;

export const dashboardLoginResponseSchema = z.object({ url: z.string() }) satisfies z.ZodType<DashboardLoginResponse>;

/** POST /api/gifts/claim/:token. The answer is sent only when the gift has a question; emptiness is checked by the server against the gift. */
export const claimRequestSchema = z
  .object({
    securityAnswer: z
      .string({ error: 'securityAnswer must be text' })
      .max(SECURITY_ANSWER_MAX, `Security answer must be at most ${SECURITY_ANSWER_MAX} characters`)
      .nullish(),
  })
  .strict();
export type ClaimRequest = z.infer<typeof claimRequestSchema>;

/** The provider's return after the owner's sign-in; the nonce's form is checked by the service (decision 021). */
export const ownerProofQuerySchema = z.object({
  proof: z.string().max(100, 'The sign-in proof is not valid').optional().describe('The single-use nonce'),
});
