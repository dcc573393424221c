// POST /api/gifts/preview (issue 25 point 1, "See what they'll see"): the review step's gift, checked by the same
// field rules as POST /api/gifts, and the recipient's e-mail and claim page drawn from it. Only what the recipient
// meets is sent: no sender field exists here, so none can reach the preview.
import { z } from 'zod';
import { CUSTOM_QUESTION_MAX, PERSONAL_NOTE_MAX } from '../constants.js';
import { optionalText } from './common.js';
import { giftAmountCents, recipientFields } from './gift.js';
import { claimLookupSchema } from './claim.js';

export const giftPreviewSchema = z
  .object({
    amount: giftAmountCents,
    recipientFirstName: recipientFields.recipientFirstName,
    securityQuestion: optionalText('Security question', CUSTOM_QUESTION_MAX),
    personalNote: optionalText('Personal message', PERSONAL_NOTE_MAX),
  })
  .strict();
export type GiftPreviewPayload = z.input<typeof giftPreviewSchema>;
export type GiftPreviewInput = z.output<typeof giftPreviewSchema>;

export const giftPreviewResponseSchema = z.object({
  email: z
    .object({ subject: z.string(), text: z.string(), html: z.string() })
    .describe('The claim e-mail from its real template, with example link, code and stop link'),
  claimPage: claimLookupSchema.describe('What the claim lookup answers the claim page for this gift'),
  afterAnswer: z
    .object({ personalNote: z.string().nullable() })
    .describe(
      'What the right answer opens: a gift with a security question shows its message only then (null if none or shown before)',
    ),
});
export type GiftPreviewResponse = z.infer<typeof giftPreviewResponseSchema>;

/** The example values the preview's e-mail carries in place of the ones minted for a real e-mail. */
export const PREVIEW_EXAMPLE = { token: 'example', verificationCode: 'XXXX-XXXX' } as const;
