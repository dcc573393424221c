// The contact form: one schema for the form and POST /api/contact.
import { z } from 'zod';
import { CONTACT_CATEGORIES, NAME_MAX, type ContactCategory } from '../constants.js';
import { email, requiredText } from './common.js';
import { readPostedForm, type FieldErrors, type FormValues } from './form-reading.js';

export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/** Readable labels for the category select and the support e-mail. */
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: 'General question',
  technical: 'Technical support',
  payment: 'Payment issue',
  'gift-problem': 'Problem with a gift',
  refund: 'Refund request',
  privacy: 'Privacy concern',
  feedback: 'Feedback',
  other: 'Other',
};

/** One line: a name or subject never carries line breaks into an e-mail header. */
const singleLine = (label: string, max: number) => requiredText(label, max).transform((v) => v.replace(/\s+/g, ' '));

export const contactSchema = z
  .object({
    name: singleLine('Name', NAME_MAX),
    email: email('Email'),
    category: z.enum(CONTACT_CATEGORIES, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? 'Category is required'
          : `Category must be one of: ${CONTACT_CATEGORIES.join(', ')}`,
    }),
    subject: singleLine('Subject', CONTACT_SUBJECT_MAX),
    message: requiredText('Message', CONTACT_MESSAGE_MAX),
    /** Honeypot: hidden from people, so only bots fill it. */
    website: z.string().max(500).optional(),
  })
  .strict();

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 60 * 60_000;

/** The fields a person fills in, in page order: what a page answering the form shows back. */
export const CONTACT_FORM_FIELDS = ['name', 'email', 'category', 'subject', 'message'] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];
export type ContactFormValues = FormValues<ContactFormField>;
export type ContactFieldErrors = FieldErrors<ContactFormField>;

export type ContactFormReading =
  | { ok: true; message: ContactMessage; values: ContactFormValues }
  | { ok: false; values: ContactFormValues; errors: ContactFieldErrors };

/** The contact form as the browser posts it without scripts, checked with the same schema as POST /api/contact. */
export function readContactForm(body: Record<string, unknown>): ContactFormReading {
  const form = readPostedForm(contactSchema, CONTACT_FORM_FIELDS, body, ['website']);
  return form.ok ? { ok: true, message: form.data, values: form.values } : form;
}
