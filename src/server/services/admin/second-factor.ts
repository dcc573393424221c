// Checks a second factor (a TOTP code or a recovery code) for a login or a step-up. Attempts are counted before
// the check, per admin and per client address (5 and 20 a quarter hour), so the 10^6 codes cannot be tried at
// will; a right code withdraws its count. Every answer is in the audit log.
import { eq } from 'drizzle-orm';
import { admins } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError, humanWait, tooManyRequests } from '../../errors.js';
import { admitAttempt, clientAddressKey, withdrawAttempts } from '../rate-limit.js';
import { decryptTotpSecret } from './totp-secret.js';
import { claimTotpStep, matchTotp } from './totp.js';
import { looksLikeRecoveryCode, spendRecoveryCode } from './recovery-codes.js';
import { recordAudit, type AuditAction } from './audit.js';

export const CODE_WRONG_MESSAGE =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';
export const CODE_REUSED_MESSAGE =
  'That code has already been used. Wait for the next code in your app (up to 30 seconds).';
export const CODE_FAILURE_LIMIT = 5;
const CODE_WINDOW_MS = 15 * 60_000;

type Purpose = 'login' | 'step_up' | 'enrol';
const ACTIONS: Record<Purpose, { ok: AuditAction; failed: AuditAction }> = {
  login: { ok: 'second_factor', failed: 'second_factor_failed' },
  step_up: { ok: 'step_up', failed: 'step_up_failed' },
  enrol: { ok: 'second_factor_enrolled', failed: 'second_factor_failed' },
};

/** Counts one attempt at a code (or a step-up password) per admin and per address, or throws the 429. */
export async function admitCodeAttempt(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  adminId: number,
  ip: string,
): Promise<number[]> {
  const admission = await admitAttempt(deps.db, deps.clock, [
    { bucket: `admin-2fa:admin:${adminId}`, limit: CODE_FAILURE_LIMIT, windowMs: CODE_WINDOW_MS },
    { bucket: `admin-2fa:ip:${clientAddressKey(ip)}`, limit: 4 * CODE_FAILURE_LIMIT, windowMs: CODE_WINDOW_MS },
  ]);
  if (admission.admitted) return admission.attemptIds;
  await recordAudit(deps.db, deps.clock, { adminId, ip, action: 'second_factor_throttled', outcome: 'throttled' });
  throw tooManyRequests(
    `Too many wrong codes or passwords. Please try again ${humanWait(admission.retryAfterSeconds)}.`,
    admission.retryAfterSeconds,
  );
}

/** The admin's decrypted TOTP secret, when a second factor is enrolled. */
export async function enrolledSecret(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  adminId: number,
): Promise<string | null> {
  const [admin] = await deps.db
    .select({ enc: admins.totpSecretEnc, enabledAt: admins.totpEnabledAt })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!admin?.enc || !admin.enabledAt) return null;
  return decryptTotpSecret(deps.config.totpKey!, adminId, admin.enc);
}

export async function verifySecondFactor(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  adminId: number,
  secret: string,
  code: string,
  ip: string,
  purpose: Purpose,
): Promise<void> {
  const { db, clock } = deps;
  const attemptIds = await admitCodeAttempt(deps, adminId, ip);
  const fail = async (message: string, outcome: string) => {
    await recordAudit(db, clock, { adminId, ip, action: ACTIONS[purpose].failed, outcome });
    return new AppError(401, 'SECOND_FACTOR_INVALID', message);
  };

  const compact = code.replace(/\s/g, '');
  const step = await matchTotp(secret, compact, clock);
  if (step !== null) {
    if (!(await claimTotpStep(db, adminId, step))) throw await fail(CODE_REUSED_MESSAGE, 'code reused');
  } else if (purpose !== 'enrol' && looksLikeRecoveryCode(compact)) {
    if (!(await spendRecoveryCode(db, clock, adminId, compact))) throw await fail(CODE_WRONG_MESSAGE, 'failed');
    await recordAudit(db, clock, { adminId, ip, action: 'recovery_code_used', outcome: 'success' });
  } else {
    throw await fail(CODE_WRONG_MESSAGE, 'failed');
  }
  await withdrawAttempts(db, attemptIds);
  await recordAudit(db, clock, { adminId, ip, action: ACTIONS[purpose].ok, outcome: 'success' });
}
