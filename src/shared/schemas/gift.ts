// The create-gift payload, shared by the sender's forms and POST /api/gifts.
// The server never trusts the figures: it recomputes fee, total and recipientGets and rejects a mismatch.
import { z } from 'zod';
import {
  CUSTOM_QUESTION_MAX,
  MAX_CHARGE_CENTS,
  MAX_GIFT_CENTS,
  MAX_TIP_CENTS,
  MIN_GIFT_CENTS,
  PERSONAL_NOTE_MAX,
  SECURITY_ANSWER_MAX,
} from '../constants.js';
import { MAX_GIFT_MESSAGE, formatCents, formatUsd, giftTotals } from '../money.js';
import { email, moneyString, optionalText, personName } from './common.js';
import { DATE_PATTERN, isTimeZone } from '../delivery-date.js';

export const recipientFields = {
  recipientFirstName: personName('Recipient first name'),
  recipientLastName: personName('Recipient last name'),
  recipientEmail: email('Recipient email'),
};

/** The recipient step of the form: all three required. */
export const recipientSchema = z.object(recipientFields);

export const giftAmountCents = moneyString('Gift amount').pipe(
  z
    .number()
    .min(MIN_GIFT_CENTS, `The minimum gift is ${formatUsd(MIN_GIFT_CENTS)}`)
    .max(MAX_GIFT_CENTS, MAX_GIFT_MESSAGE),
);

export const tipCents = moneyString('Tip').pipe(
  z.number().max(MAX_TIP_CENTS, `The tip can be at most ${formatUsd(MAX_TIP_CENTS)}`),
);

/** Opt-in on the review page: a donor account to track gifts. */
export const donorAccountFields = {
  firstName: personName('Donor first name'),
  lastName: personName('Donor last name'),
  email: email('Donor email'),
};
export const donorAccountSchema = z.object(donorAccountFields).strict();
export type DonorAccountInput = z.infer<typeof donorAccountSchema>;

/** "On a date" on the review page: the day, and the sender's time zone from the browser (decision 016). */
export const deliverySchema = z
  .object({
    date: z
      .string({ error: 'Delivery date is required' })
      .regex(DATE_PATTERN, 'Delivery date must be a date such as 2026-03-04'),
    timeZone: z
      .string({ error: 'Time zone is required' })
      .max(64, 'Time zone is not valid')
      .refine(isTimeZone, 'Time zone is not valid: reload the page and try again'),
  })
  .strict();
export type DeliveryInput = z.infer<typeof deliverySchema>;

/** What is paid: the amount, tip and the figures the client shows (checked by checkFigures). */
export const paymentFields = {
  amount: giftAmountCents,
  processingFee: moneyString('Processing fee'),
  tip: tipCents,
  totalPaid: moneyString('Total paid'),
  recipientGets: moneyString('Recipient gets'),
  senderCoversFees: z.boolean({ error: 'senderCoversFees must be true or false' }),
};

export const createGiftSchema = z
  .object({
    ...paymentFields,
    ...recipientFields,
    securityQuestion: optionalText('Security question', CUSTOM_QUESTION_MAX),
    // Named "hash" in the API contract, but it is the plain trimmed answer; the server hashes it.
    securityAnswerHash: optionalText('Security answer', SECURITY_ANSWER_MAX),
    personalNote: optionalText('Personal message', PERSONAL_NOTE_MAX),
    donorAccount: donorAccountSchema.nullish().transform((v) => v ?? null),
    /** Absent or null: delivered at payment. */
    delivery: deliverySchema.nullish().transform((v) => v ?? null),
  })
  .strict()
  .superRefine((gift, ctx) => {
    if (gift.securityQuestion && !gift.securityAnswerHash) {
      ctx.addIssue({
        code: 'custom',
        path: ['securityAnswerHash'],
        message: 'Security answer is required when a security question is set',
      });
    }
    if (!gift.securityQuestion && gift.securityAnswerHash) {
      ctx.addIssue({
        code: 'custom',
        path: ['securityQuestion'],
        message: 'Security question is required when an answer is given',
      });
    }
    checkFigures(gift, ctx);
  });

/** The figures the client shows must be the server's own: fee, total and what the recipient gets. */
export function checkFigures(
  gift: { amount: number; tip: number; processingFee: number; totalPaid: number; recipientGets: number },
  ctx: z.RefinementCtx,
): void {
  const expected = giftTotals(gift.amount, gift.tip);
  const check = (field: 'processingFee' | 'totalPaid' | 'recipientGets', sent: number, want: number) => {
    if (sent !== want) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `does not match the amount: expected ${formatCents(want)}, got ${formatCents(sent)}. Refresh the page and try again.`,
      });
    }
  };
  check('processingFee', gift.processingFee, expected.fee);
  check('totalPaid', gift.totalPaid, expected.total);
  check('recipientGets', gift.recipientGets, expected.recipientGets);
  if (expected.total > MAX_CHARGE_CENTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['totalPaid'],
      message: `The total with fee and tip can be at most ${formatUsd(MAX_CHARGE_CENTS)} (one card payment). Lower the gift or the tip.`,
    });
  }
}

/** What the client sends (decimal strings) and what the server works with (cents). */
export type CreateGiftPayload = z.input<typeof createGiftSchema>;
export type CreateGiftInput = z.output<typeof createGiftSchema>;

export const createGiftResponseSchema = z.object({ checkoutUrl: z.string() });
export type CreateGiftResponse = z.infer<typeof createGiftResponseSchema>;
