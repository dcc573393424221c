// "Give together" (decision 026): starting a pooled gift, contributing to it, and what its two pages show.
// The share page never shows a contributor's name or amount, nor an exact total (progress is rounded to 10%).
import { z } from 'zod';
import {
  CUSTOM_QUESTION_MAX,
  PERSONAL_NOTE_MAX,
  SECURITY_ANSWER_MAX,
  TOGETHER_DEADLINE_MAX_DAYS,
  TOGETHER_DEADLINE_MIN_DAYS,
} from '../constants.js';
import { email, optionalText } from './common.js';
import { checkFigures, donorAccountSchema, giftAmountCents, paymentFields, recipientFields } from './gift.js';

export const createGroupGiftSchema = z
  .object({
    ...recipientFields,
    organiserEmail: email('Your email'),
    personalNote: optionalText('Personal message', PERSONAL_NOTE_MAX),
    securityQuestion: optionalText('Security question', CUSTOM_QUESTION_MAX),
    securityAnswer: optionalText('Security answer', SECURITY_ANSWER_MAX),
    deadlineDays: z.coerce
      .number({ error: 'Deadline must be a number of days' })
      .int('Deadline must be a whole number of days')
      .min(TOGETHER_DEADLINE_MIN_DAYS, `The deadline is at least ${TOGETHER_DEADLINE_MIN_DAYS} day away`)
      .max(TOGETHER_DEADLINE_MAX_DAYS, `The deadline is at most ${TOGETHER_DEADLINE_MAX_DAYS} days away`),
    /** Empty or absent: no goal. */
    goal: z
      .union([z.literal(''), giftAmountCents])
      .nullish()
      .transform((v) => (typeof v === 'number' ? v : null)),
  })
  .strict()
  .superRefine((group, ctx) => {
    if (Boolean(group.securityQuestion) !== Boolean(group.securityAnswer)) {
      ctx.addIssue({
        code: 'custom',
        path: [group.securityQuestion ? 'securityAnswer' : 'securityQuestion'],
        message: 'Give both a security question and its answer, or neither',
      });
    }
  });
export type CreateGroupGiftPayload = z.input<typeof createGroupGiftSchema>;
export type CreateGroupGiftInput = z.output<typeof createGroupGiftSchema>;

/** Shown once, on screen and in the organiser's e-mail: the links are stored only hashed. */
export const createGroupGiftResponseSchema = z.object({ organiserUrl: z.string(), shareUrl: z.string() });
export type CreateGroupGiftResponse = z.infer<typeof createGroupGiftResponseSchema>;

export const groupGiftStateSchema = z.enum(['open', 'sent', 'closed']);

/** What anyone holding the share link sees. */
export const sharePageSchema = z.object({
  state: groupGiftStateSchema,
  recipientFirstName: z.string(),
  personalNote: z.string().nullable(),
  contributions: z.number().int(),
  /** Progress towards the goal rounded to the nearest 10% (never an exact total); null without a goal. */
  goalProgressPercent: z.number().int().nullable(),
  deadlineAt: z.string(),
});
export type SharePage = z.infer<typeof sharePageSchema>;

/** What the organiser sees: the total and the count, never who gave or how much each gave. */
export const organiserPageSchema = sharePageSchema.extend({
  shareUrl: z.string(),
  total: z.string(),
  goal: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type OrganiserPage = z.infer<typeof organiserPageSchema>;

export const contributeSchema = z
  .object({
    ...paymentFields,
    donorAccount: donorAccountSchema.nullish().transform((v) => v ?? null),
  })
  .strict()
  .superRefine(checkFigures);
export type ContributePayload = z.input<typeof contributeSchema>;
export type ContributeInput = z.output<typeof contributeSchema>;

/** A share or organiser token: 32 random bytes, base64url. */
export const TOGETHER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const togetherTokenParams = z.object({ token: z.string().regex(TOGETHER_TOKEN_PATTERN, 'Not a valid link') });

export const TOGETHER_MESSAGES = {
  notFound: 'This group gift link is not valid. Check the link you were given.',
  notOpen: 'This group gift has already been sent or closed, so it takes no more contributions.',
} as const;

/** Progress rounded to the nearest 10%, capped at 100 (a share beyond the goal adds nothing visible). */
export function roundedProgress(totalCents: number, goalCents: number): number {
  return Math.min(100, Math.round((totalCents / goalCents) * 10) * 10);
}
