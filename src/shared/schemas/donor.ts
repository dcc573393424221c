// Donor account payloads and answers (spec §3 "Gift as shown to donor", "Donor profile"; §7 donor calls).
import { z } from 'zod';
import { email } from './common.js';
import { GIFT_STATUSES, type GiftStatus } from '../statuses.js';

/** The one answer to a sign-in request, whether or not an account exists for the address. */
export const SIGN_IN_NEUTRAL_MESSAGE = "If an account exists, we've sent a sign-in link";

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

export interface DonorProfile {
  firstName: string;
  lastName: string;
  email: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** The statuses a donor sees: every gift past payment. */
export const DONOR_VISIBLE_STATUSES = GIFT_STATUSES.filter((s) => s !== 'pending') as Exclude<GiftStatus, 'pending'>[];

export interface DonorGift {
  /** The gift's public id (never the serial id). */
  id: string;
  /** Amount sent, decimal string "50.00". */
  amount: string;
  /** Amount the recipient receives, decimal string. */
  recipientGets: string;
  status: GiftStatus;
  /** Null once the recipient's personal data has been erased under the retention rules. */
  recipientFirstName: string | null;
  recipientLastName: string | null;
  createdAt: string;
  claimedAt: string | null;
}
