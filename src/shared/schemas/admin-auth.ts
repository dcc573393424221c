// Operator authentication payloads (decision 020): the password rule, the second factor (a TOTP code or a
// recovery code), enrolment, step-up for money actions, password change, and the audit log's pages.
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN, PASSWORD_MAX } from '../constants.js';
import { pageNumber } from './common.js';

/** Length only: the server also refuses passwords from its list of common ones (it alone ships the list). */
export const adminPassword = z
  .string({ error: `Password must be at least ${ADMIN_PASSWORD_MIN} characters` })
  .min(ADMIN_PASSWORD_MIN, `Password must be at least ${ADMIN_PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const SECOND_FACTOR_MISSING = 'Enter the 6-digit code from your authenticator app, or a recovery code';

/** A 6-digit TOTP code or a recovery code (`XXXXX-XXXXX`); spaces and dashes are ignored. */
const secondFactorCode = z
  .string({ error: SECOND_FACTOR_MISSING })
  .trim()
  .min(1, SECOND_FACTOR_MISSING)
  .max(40, 'The code is too long: enter the 6-digit code or a recovery code');

export const adminSecondFactorSchema = z.object({ code: secondFactorCode }).strict();
export type AdminSecondFactor = z.infer<typeof adminSecondFactorSchema>;

/** Step-up: the code when the admin has a second factor, else the password. */
export const adminStepUpSchema = z
  .object({
    code: secondFactorCode.optional(),
    password: z.string().max(PASSWORD_MAX, 'Password is too long').optional(),
  })
  .strict()
  .refine((v) => v.code !== undefined || (v.password !== undefined && v.password !== ''), {
    message: 'Enter your authenticator code (or your password if the account has no second factor)',
  });
export type AdminStepUp = z.infer<typeof adminStepUpSchema>;

export const adminPasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(PASSWORD_MAX, 'Password is too long'),
    newPassword: adminPassword,
  })
  .strict();
export type AdminPasswordChange = z.infer<typeof adminPasswordChangeSchema>;

/** The change-password form asks for the new password twice; the confirmation is never sent. */
export const adminPasswordChangeFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX, 'Password is too long'),
    newPassword: adminPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" });
export type AdminPasswordChangeForm = z.input<typeof adminPasswordChangeFormSchema>;

export const adminLoginAnswerSchema = z.object({
  success: z.literal(true),
  /** `second-factor`: post the code to /api/admin/login/second-factor; `enrol`: set one up first. */
  next: z.enum(['signed-in', 'second-factor', 'enrol']),
  admin: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }).optional(),
});

export const enrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The same URI as a PNG QR code (data: URL). */
  qrCode: z.string(),
  /** Whether "Skip for now" is offered (the sandbox provider on a local machine). */
  optional: z.boolean(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const recoveryCodesSchema = z.object({
  success: z.literal(true),
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const adminMeSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  secondFactor: z.boolean(),
  secondFactorRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  page: pageNumber,
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  adminId: z.number().int().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  /** The gift's public id for a gift action. */
  target: z.string().nullable(),
  outcome: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
