// Step-up for money actions (decision 020): refunding, retrying a movement, processing expired gifts and marking
// a money problem resolved need a password or second-factor check within the last 15 minutes in this session.
// Otherwise the action is refused with 403 STEP_UP_REQUIRED, and the dashboard asks for the code and retries.
import { eq } from 'drizzle-orm';
import { admins } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { MINUTE } from '../../clock.js';
import { verifySecret } from '../../crypto.js';
import { markVerified, type Session } from '../sessions.js';
import type { AdminStepUp } from '../../../shared/schemas/admin-auth.js';
import { STEP_UP_REQUIRED_CODE, STEP_UP_WINDOW_MINUTES } from '../../../shared/schemas/admin-wire.js';
import { admitCodeAttempt, enrolledSecret, verifySecondFactor } from './second-factor.js';
import { recordAudit } from './audit.js';
import { withdrawAttempts } from '../rate-limit.js';

export const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * MINUTE;
export const STEP_UP_MESSAGE = `Money actions need a fresh check: enter the code from your authenticator app (or your password if the account has no second factor). Your last check was more than ${STEP_UP_WINDOW_MINUTES} minutes ago.`;

export const recentlyVerified = (session: Pick<Session, 'verifiedAt'>, now: Date) =>
  session.verifiedAt !== null && now.getTime() - session.verifiedAt.getTime() < STEP_UP_WINDOW_MS;

export function stepUpRequired(): AppError {
  return new AppError(403, STEP_UP_REQUIRED_CODE, STEP_UP_MESSAGE);
}

/** Checks the code (or, without a second factor, the password) and marks the session as checked now. */
export async function stepUp(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  session: Session,
  input: AdminStepUp,
  ip: string,
): Promise<void> {
  const adminId = session.subjectId;
  const secret = await enrolledSecret(deps, adminId);
  if (secret) {
    if (!input.code)
      throw new AppError(400, 'VALIDATION_FAILED', 'Enter the 6-digit code from your authenticator app.');
    await verifySecondFactor(deps, adminId, secret, input.code, ip, 'step_up');
  } else {
    if (!input.password)
      throw new AppError(400, 'VALIDATION_FAILED', 'This account has no second factor: enter your password.');
    const attemptIds = await admitCodeAttempt(deps, adminId, ip);
    const [admin] = await deps.db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, adminId));
    if (!admin || !(await verifySecret(admin.hash, input.password))) {
      await recordAudit(deps.db, deps.clock, { adminId, ip, action: 'step_up_failed', outcome: 'failed' });
      throw new AppError(401, 'PASSWORD_INCORRECT', 'That password is not right.');
    }
    await withdrawAttempts(deps.db, attemptIds);
    await recordAudit(deps.db, deps.clock, { adminId, ip, action: 'step_up', outcome: 'success (password)' });
  }
  await markVerified(deps.db, deps.clock, session.idHash);
}
