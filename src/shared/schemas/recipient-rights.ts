// What the recipient's own rights (issue 25) send and answer: the verification code of every claim e-mail and the
// /verify page that checks it.
import { z } from 'zod';

/** Letters and digits without look-alikes (no 0/O, 1/I/L): 32 symbols, 5 bits each. */
export const VERIFY_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 8 symbols shown as XXXX-XXXX: 40 bits. The per-client limit, not the code's length, stops guessing. */
export const VERIFY_CODE_LENGTH = 8;
export const VERIFY_PAGE_PATH = '/verify';
/** The code field's name in the /verify page's form (posted form-encoded to the page's own address). */
export const VERIFY_CODE_FIELD = 'code';

/** "abcd efgh", "ABCD-EFGH" → "ABCDEFGH": what a person may type for a code, or null when it cannot be one. */
export function normaliseVerifyCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== VERIFY_CODE_LENGTH) return null;
  return [...code].every((c) => VERIFY_CODE_ALPHABET.includes(c)) ? code : null;
}

/** "ABCDEFGH" → "ABCD-EFGH" */
export const formatVerifyCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export const VERIFY_MESSAGES = {
  notFound: 'No gift matches this code. Do not click links in that e-mail.',
  found: 'This is a real Hushgift gift.',
  openLink: "Open your e-mail's link to claim it",
  over: 'This gift can no longer be claimed.',
  malformed: 'Type the code as it appears in the e-mail: 8 letters and digits, like ABCD-2345.',
} as const;

export const verifyRequestSchema = z.object({
  code: z.string().max(40, VERIFY_MESSAGES.malformed).describe('The code from the e-mail, XXXX-XXXX'),
});

export const verifyResponseSchema = z.discriminatedUnion('found', [
  z.object({ found: z.literal(false), message: z.string() }),
  z.object({
    found: z.literal(true),
    amount: z.string().describe('Decimal string, "50.00"'),
    from: z.literal('a friend'),
    expiresAt: z.string().describe('When the gift expires (ISO 8601)'),
    claimable: z.boolean().describe('False once claimed, declined, refunded or expired'),
    message: z.string(),
  }),
]);
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const DECLINE_MESSAGES = {
  declined: 'You declined this gift.',
  done: 'You declined this gift. The sender gets the money back and is told only that the gift was declined.',
  tooLate: 'This gift is already being paid out to you, so it can no longer be declined.',
  over: 'This gift can no longer be declined: it has expired or was cancelled.',
} as const;

export const declineResponseSchema = z.object({
  declined: z.literal(true),
  message: z.string(),
});
export type DeclineResponse = z.infer<typeof declineResponseSchema>;

export const RECIPIENT_LINK_MESSAGES = {
  notFound: 'This link is not valid. Use the newest link in your e-mail.',
  notAccepting: 'This recipient does not accept gifts through Hushgift.',
  stopped:
    'Done: new gifts to this address will be refused. Gifts already sent stay as they are. We have e-mailed this address a link to undo it.',
  resumedAll: 'Done: this address accepts gifts through Hushgift again.',
  resumedSender: 'Done: gifts from that sender reach this address again.',
} as const;

export const recipientLinkTokenSchema = z.object({
  token: z.string().max(100).describe('The token from the e-mailed link'),
});

export const recipientLinkViewSchema = z.object({
  purpose: z.enum(['stop-all', 'resume-all', 'resume-sender']),
  /** stop-all: whether the address is already stopped; resume-*: whether it already accepts those gifts again. */
  done: z.boolean(),
});
export type RecipientLinkView = z.infer<typeof recipientLinkViewSchema>;

export const recipientLinkDoneSchema = z.object({ message: z.string() });

export const REPORT_REASONS = ['harassment', 'scam', 'other'] as const;
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  harassment: 'Harassment: I do not want gifts from this person',
  scam: 'A scam or a fake',
  other: 'Something else',
};
export const REPORT_DETAILS_MAX = 500;
export const REPORT_MESSAGES = {
  received: 'Thank you: your report reached our team. You can still claim or decline the gift.',
} as const;

export const reportRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: 'reason: choose harassment, scam or other' }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `details: at most ${REPORT_DETAILS_MAX} characters`)
    .optional()
    .describe('What happened, in your words'),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportResponseSchema = z.object({ reported: z.literal(true), message: z.string() });

/**
 * "Stop this sender" (issue 25 point 4): after declining or claiming, in the gift's claim session. The recipient is
 * told nothing of who the sender is; the sender of a later gift is told only that this recipient does not accept
 * gifts from them.
 */
export const STOP_SENDER_MESSAGES = {
  done: 'Done: later gifts from this sender to your address will be refunded to them, and you will not hear of them. We have e-mailed you a link to undo it.',
  failed:
    'This could not be done: it works only in the browser where you answered the gift, within 30 minutes of using the page.',
  toSender: 'This recipient is not accepting gifts from you.',
} as const;

export const stopSenderResponseSchema = z.object({ stopped: z.literal(true), message: z.string() });
export type StopSenderResponse = z.infer<typeof stopSenderResponseSchema>;
