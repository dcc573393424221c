// Change password: the current one is asked (counted like a code attempt, so it cannot be guessed through this
// form), the new one must pass the policy, and every other session of this admin ends — a thief's included.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { admins, sessions } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError, badRequest } from '../../errors.js';
import { hashSecret, verifySecret } from '../../crypto.js';
import { markVerified, type Session } from '../sessions.js';
import type { AdminPasswordChange } from '../../../shared/schemas/admin-auth.js';
import { withdrawAttempts } from '../rate-limit.js';
import { assertPasswordAllowed } from './password-policy.js';
import { admitCodeAttempt } from './second-factor.js';
import { recordAudit } from './audit.js';

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right.';

/** Answers how many other sessions were ended. */
export async function changePassword(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  session: Session,
  input: AdminPasswordChange,
  ip: string,
): Promise<number> {
  const adminId = session.subjectId;
  const attemptIds = await admitCodeAttempt(deps, adminId, ip);
  const [admin] = await deps.db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, adminId));
  if (!admin || !(await verifySecret(admin.hash, input.currentPassword))) {
    await recordAudit(deps.db, deps.clock, { adminId, ip, action: 'password_change_failed', outcome: 'failed' });
    throw new AppError(401, 'PASSWORD_INCORRECT', CURRENT_PASSWORD_WRONG);
  }
  await withdrawAttempts(deps.db, attemptIds);
  assertPasswordAllowed(input.newPassword);
  if (input.newPassword === input.currentPassword)
    throw badRequest('The new password is the same as the current one. Choose a different one.', 'PASSWORD_REFUSED');
  const passwordHash = await hashSecret(input.newPassword);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, passwordChangedAt: now }).where(eq(admins.id, adminId));
    const ended = await tx
      .delete(sessions)
      .where(
        and(
          inArray(sessions.kind, ['admin', 'admin-pending']),
          eq(sessions.subjectId, adminId),
          ne(sessions.idHash, session.idHash),
        ),
      )
      .returning({ id: sessions.idHash });
    // Typing the current password is a fresh check.
    await markVerified(tx, deps.clock, session.idHash);
    await recordAudit(tx, deps.clock, { adminId, ip, action: 'password_changed', outcome: 'success' });
    return ended.length;
  });
}
