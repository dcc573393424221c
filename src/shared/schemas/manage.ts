// The sender's gift page (decision 016): what it shows and the changes a sender may make while the gift is unclaimed.
import { z } from 'zod';
import { THANK_YOU_MAX } from '../constants.js';
import { DATE_PATTERN } from '../delivery-date.js';
import { email } from './common.js';

/** The manage token in the URL: 32 random bytes, base64url. */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const MANAGE_MESSAGES = {
  notFound: 'This gift page link is not valid. Open the link in your receipt e-mail, or sign in to your donor account.',
  claimStarted: 'The recipient has already started claiming this gift, so it can no longer be changed.',
} as const;

export const correctEmailSchema = z.object({ recipientEmail: email('Recipient email') }).strict();
export const deliveryDateSchema = z
  .object({
    date: z
      .string({ error: 'Delivery date is required' })
      .regex(DATE_PATTERN, 'Delivery date must be a date such as 2026-03-04'),
  })
  .strict();
export const thankYouSchema = z
  .object({
    note: z
      .string({ error: 'Your note is required' })
      .trim()
      .min(1, 'Write a few words for your note')
      .max(THANK_YOU_MAX, `Your note can be at most ${THANK_YOU_MAX} characters`),
  })
  .strict();

export type RecipientEmailCorrection = z.infer<typeof correctEmailSchema>;
export type NewDeliveryDate = z.infer<typeof deliveryDateSchema>;
export type ThankYouNoteInput = z.infer<typeof thankYouSchema>;

/** What the sender's gift page shows, as a stage of the gift. */
export const GIFT_STAGES = [
  'scheduled',
  'delivered',
  'undeliverable',
  'claim_started',
  'claimed',
  'expired',
  'cancelled',
  'declined',
  'refunded',
  'disputed',
] as const;
export type GiftStage = (typeof GIFT_STAGES)[number];

export const TIMELINE_EVENTS = [
  'paid',
  'scheduled',
  'delivered',
  'bounced',
  'reminder',
  'claim_started',
  'claimed',
  'cancelled',
  'expired',
  'refunded',
  'disputed',
  'thank_you',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

export interface TimelineEntry {
  event: TimelineEvent;
  /** ISO time. */
  at: string;
  /** The masked address an e-mail went to, where it matters. */
  detail?: string | null;
}

export interface ManagedGift {
  stage: GiftStage;
  /** Decimal strings, "50.00". */
  amount: string;
  fee: string;
  tip: string;
  recipientFirstName: string;
  /** "r***@example.com" */
  recipientEmailMasked: string;
  personalNote: string | null;
  hasSecurityQuestion: boolean;
  /** ISO times. deliverAt: the planned delivery of a scheduled gift. */
  deliverAt: string | null;
  deliveryTimeZone: string | null;
  expiresAt: string | null;
  timeline: TimelineEntry[];
  actions: {
    correctEmail: boolean;
    correctionsLeft: number;
    resend: boolean;
    /** ISO time from which "Resend e-mail" is possible again, while it is not. */
    resendAvailableAt: string | null;
    cancel: boolean;
    reschedule: boolean;
  };
  thankYou: { note: string; at: string } | null;
  /** A risk review's word to the sender (decision 024): being checked, or could not be completed; never why. */
  riskNotice: string | null;
}

export interface ManageLinkResponse {
  /** Path of the sender's gift page, "/gift/manage/<token>". */
  path: string;
}

// Answers, as route contracts (serialized by these schemas).
export const tokenParamSchema = z.object({ token: z.string() });
export const giftIdParamSchema = z.object({ giftId: z.string() });
const timelineEntrySchema = z.object({ event: z.enum(TIMELINE_EVENTS), at: z.string(), detail: z.string().nullish() });
export const managedGiftSchema = z.object({
  stage: z.enum(GIFT_STAGES),
  amount: z.string(),
  fee: z.string(),
  tip: z.string(),
  recipientFirstName: z.string(),
  recipientEmailMasked: z.string(),
  personalNote: z.string().nullable(),
  hasSecurityQuestion: z.boolean(),
  deliverAt: z.string().nullable(),
  deliveryTimeZone: z.string().nullable(),
  expiresAt: z.string().nullable(),
  timeline: z.array(timelineEntrySchema),
  actions: z.object({
    correctEmail: z.boolean(),
    correctionsLeft: z.number().int(),
    resend: z.boolean(),
    resendAvailableAt: z.string().nullable(),
    cancel: z.boolean(),
    reschedule: z.boolean(),
  }),
  thankYou: z.object({ note: z.string(), at: z.string() }).nullable(),
  riskNotice: z.string().nullable(),
});
export const manageLinkResponseSchema = z.object({ path: z.string() });
