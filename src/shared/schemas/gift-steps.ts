// The sender's step forms (/gift/*): what each step checks before it moves on, as its form holds the values.
// Built from the fields of the create-gift payload (gift.ts), so a step says what the server would say.
import { z } from 'zod';
import { CUSTOM_QUESTION_MAX, CUSTOM_QUESTION_OPTION, PERSONAL_NOTE_MAX, SECURITY_ANSWER_MAX } from '../constants.js';
import { requiredText } from './common.js';
import { donorAccountFields, recipientFields } from './gift.js';

/** Step 2: the recipient (all required) and which optional steps follow. */
export const recipientStepSchema = z.object({
  ...recipientFields,
  wantsPersonalMessage: z.boolean(),
  wantsSecurityQuestion: z.boolean(),
});
export type RecipientStep = z.input<typeof recipientStepSchema>;

/** Step 3: the personal note, trimmed. */
export const personalMessageStepSchema = z.object({
  personalNote: requiredText('Personal message', PERSONAL_NOTE_MAX),
});
export type PersonalMessageStep = z.input<typeof personalMessageStepSchema>;

const customQuestion = requiredText('Custom question', CUSTOM_QUESTION_MAX);

/** Step 4: a preset question or a custom one, and the answer (trimmed; the custom text only when chosen). */
export const securityStepSchema = z
  .object({
    securityQuestion: z.string().min(1, 'Choose a question'),
    customSecurityQuestion: z.string(),
    securityAnswer: requiredText('Security answer', SECURITY_ANSWER_MAX),
  })
  .superRefine((step, ctx) => {
    if (step.securityQuestion !== CUSTOM_QUESTION_OPTION) return;
    const custom = customQuestion.safeParse(step.customSecurityQuestion);
    if (!custom.success) {
      ctx.addIssue({ code: 'custom', path: ['customSecurityQuestion'], message: custom.error.issues[0]!.message });
    }
  })
  .transform((step) => ({
    ...step,
    customSecurityQuestion: step.securityQuestion === CUSTOM_QUESTION_OPTION ? step.customSecurityQuestion.trim() : '',
  }));
export type SecurityStep = z.input<typeof securityStepSchema>;
export type SecurityStepOutput = z.output<typeof securityStepSchema>;

/** The review page's donor account opt-in: the three fields are required (as in the payload) only when opted in. */
export const donorOptInSchema = z.discriminatedUnion('createDonorAccount', [
  z.object({
    createDonorAccount: z.literal(false),
    donorFirstName: z.string(),
    donorLastName: z.string(),
    donorEmail: z.string(),
  }),
  z.object({
    createDonorAccount: z.literal(true),
    donorFirstName: donorAccountFields.firstName,
    donorLastName: donorAccountFields.lastName,
    donorEmail: donorAccountFields.email,
  }),
]);
export type DonorOptIn = z.input<typeof donorOptInSchema>;
