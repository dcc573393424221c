// Admin payloads: login, first-time setup, gift search. Used by the forms and the routes alike.
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX } from '../constants.js';
import { GIFT_STATUSES } from '../statuses.js';
import { email, pageNumber, personName } from './common.js';
import { adminPassword } from './admin-auth.js';

import { LOGIN_MISSING_MESSAGE } from './admin-wire.js';

export { HAS_MORE_HEADER, LOGIN_MISSING_MESSAGE } from './admin-wire.js';

export const adminLoginSchema = z
  .object({
    email: z
      .string({ error: LOGIN_MISSING_MESSAGE })
      .trim()
      .min(1, LOGIN_MISSING_MESSAGE)
      .max(EMAIL_MAX, 'Email is too long'),
    password: z
      .string({ error: LOGIN_MISSING_MESSAGE })
      .min(1, LOGIN_MISSING_MESSAGE)
      .max(PASSWORD_MAX, 'Password is too long'),
  })
  .strict();
export type AdminLogin = z.infer<typeof adminLoginSchema>;

const password = adminPassword;

export const adminSetupSchema = z
  .object({
    email: email(),
    password,
    firstName: personName('First name'),
    lastName: personName('Last name'),
    /** Production only: the one-time code from the server log (decision 012). */
    setupCode: z.string({ error: 'Setup code must be text' }).max(200, 'Setup code is too long').optional(),
  })
  .strict();
export type AdminSetup = z.infer<typeof adminSetupSchema>;

/** The setup form also asks for the password twice; the confirmation is never sent. */
export const adminSetupFormSchema = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email: email(),
    password,
    confirmPassword: z.string(),
    setupCode: z.string().max(200, 'Setup code is too long').optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" });
export type AdminSetupForm = z.input<typeof adminSetupFormSchema>;

export const ADMIN_PAGE_SIZE = 50;
export const SEARCH_QUERY_MAX = 200;

export const adminSearchSchema = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX, `q must be at most ${SEARCH_QUERY_MAX} characters`).optional().default(''),
  status: z
    .enum(['all', ...GIFT_STATUSES], { error: `status must be one of all, ${GIFT_STATUSES.join(', ')}` })
    .optional()
    .default('all'),
  page: pageNumber,
});
export type AdminSearch = z.infer<typeof adminSearchSchema>;

export const giftIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a gift number' })
    .int('id must be a gift number')
    .min(1, 'id must be a gift number')
    .max(2_147_483_647, 'id must be a gift number'),
});

/** A gift as the admin sees it. Amount is a decimal string; dates are ISO strings. */
/** A share of a group gift ("give together", decision 026): the group's id (searchable) and whether it is the lead. */
export const adminGiftGroupSchema = z.object({ id: z.string(), lead: z.boolean() }).nullable();

export const adminGiftSchema = z.object({
  id: z.number().int(),
  status: z.enum(GIFT_STATUSES),
  amount: z.string(),
  senderFirstName: z.string().nullable(),
  senderLastName: z.string().nullable(),
  recipientFirstName: z.string().nullable(),
  recipientLastName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** A paid gift's delivery, when it needs attention: not delivered yet (scheduled), or refused by the mail server. */
  delivery: z.enum(['scheduled', 'undeliverable']).nullable(),
  /** ISO time of the planned delivery of a scheduled gift. */
  deliverAt: z.string().nullable(),
  /** Why an operator must look at the gift (a frozen claim, a failed money movement), or null. */
  needsAttention: z.string().nullable(),
  /** Claiming is frozen after too many wrong security answers: only "Unfreeze claim" opens it again. */
  claimFrozen: z.boolean(),
  /** A share of a group gift ("give together", decision 026): the group's id (searchable) and whether it is the lead. */
  group: adminGiftGroupSchema,
});
export type AdminGift = z.infer<typeof adminGiftSchema>;

/** Dashboard figures: counts, and volumes as decimal strings. */
export const adminStatsSchema = z.object({
  total: z.number().int(),
  totalVolume: z.string(),
  claimed: z.number().int(),
  claimedVolume: z.string(),
  pending: z.number().int(),
  paid: z.number().int(),
  expired: z.number().int(),
  refunded: z.number().int(),
  /** Gifts closed by a lost card dispute. */
  disputed: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export { adminLoginAnswerSchema as adminLoginResponseSchema } from './admin-auth.js';

export const setupNeededSchema = z.object({ setupNeeded: z.boolean(), setupCodeRequired: z.boolean() });
export const processedSchema = z.object({ processed: z.number().int() });
export const successSchema = z.object({ success: z.boolean(), message: z.string().optional() });
