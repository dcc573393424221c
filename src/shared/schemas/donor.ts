// Donor account payloads and answers.
import { z } from 'zod';
import { email } from './common.js';
import { GIFT_STATUSES, type GiftStatus } from '../statuses.js';

/** The one answer to a sign-in request, whether or not an account exists for the address. */
export { SIGN_IN_NEUTRAL_MESSAGE } from './donor-wire.js';

export const signInRequestSchema = z.object({ email: email() }).strict();
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const signInVerifySchema = z
  .object({
    token: z
      .string({ error: 'Sign-in token is required' })
      .trim()
      .min(1, 'Sign-in token is required')
      .max(200, 'Sign-in token is not valid'),
  })
  .strict();

export const donorProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string().describe('ISO timestamp'),
});
export type DonorProfile = z.infer<typeof donorProfileSchema>;

/** The statuses a donor sees: every gift past payment. */
export const DONOR_VISIBLE_STATUSES = GIFT_STATUSES.filter((s) => s !== 'pending') as Exclude<GiftStatus, 'pending'>[];

export const donorGiftSchema = z.object({
  id: z.string().describe("The gift's public id (never the serial id)"),
  amount: z.string().describe('Amount sent, decimal string "50.00"'),
  recipientGets: z.string().describe('Amount the recipient receives, decimal string'),
  status: z.enum(GIFT_STATUSES),
  recipientFirstName: z.string().nullable().describe("Null once the recipient's personal data has been erased"),
  recipientLastName: z.string().nullable(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  deliverAt: z
    .string()
    .nullable()
    .describe('Planned delivery of a scheduled gift (ISO timestamp); null: sent at payment'),
});
export type DonorGift = z.infer<typeof donorGiftSchema>;

export const signedInSchema = z.object({ signedIn: z.literal(true) });
