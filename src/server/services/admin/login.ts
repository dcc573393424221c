// Admin login and logout. One answer for a wrong e-mail or a wrong password, taking the same time (a dummy
// hash is verified when the account does not exist). Failed logins are counted in the database per (account,
// client address) pair and per client address, so restarts and several instances share the throttle.
import { eq, sql } from 'drizzle-orm';
import { admins } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { dummySecretHash, sha256, verifySecret } from '../../crypto.js';
import { AppError, humanWait, tooManyRequests } from '../../errors.js';
import { createSession, destroySession } from '../sessions.js';
import { admitAttempt, clearAttempts, clientAddressKey, withdrawAttempts, type Window } from '../rate-limit.js';
import type { AdminLogin } from '../../../shared/schemas/admin.js';
import { logSecurityEvent } from '../security-log.js';

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Higher than the account limit: several admins may share an office address. */
export const ADDRESS_FAILURE_LIMIT = 20;

/**
 * Failures lock the pair (account, client address): a stranger's wrong passwords cannot lock the owner out from
 * their own address (decision 012). Only the e-mail's hash is kept in the bucket.
 */
const accountWindow = (email: string, ip: string): Window => ({
  bucket: `admin-login:account:${sha256(email)}:ip:${clientAddressKey(ip)}`,
  limit: ACCOUNT_FAILURE_LIMIT,
  windowMs: LOGIN_WINDOW_MS,
});
const addressWindow = (ip: string): Window => ({
  bucket: `admin-login:ip:${clientAddressKey(ip)}`,
  limit: ADDRESS_FAILURE_LIMIT,
  windowMs: LOGIN_WINDOW_MS,
});

export interface LoginResult {
  sessionId: string;
  admin: { id: number; email: string; firstName: string; lastName: string };
}

export async function loginAdmin(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  input: AdminLogin,
  ip: string,
  previousSessionId?: string,
): Promise<LoginResult> {
  const { db, clock } = deps;
  const email = input.email.trim().toLowerCase();
  const windows = [accountWindow(email, ip), addressWindow(ip)];

  // The attempt is counted before the password is checked, so a parallel burst cannot get more than the limit.
  const admission = await admitAttempt(db, clock, windows);
  if (!admission.admitted) {
    await logSecurityEvent(db, clock, { event: 'admin.lockout', actor: email, ip });
    throw tooManyRequests(
      `Too many failed login attempts. Please try again ${humanWait(admission.retryAfterSeconds)}.`,
      admission.retryAfterSeconds,
    );
  }

  const [admin] = await db
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, email));
  const ok = await verifySecret(admin?.passwordHash ?? (await dummySecretHash()), input.password);
  if (!admin || !ok) {
    await logSecurityEvent(db, clock, {
      event: 'admin.login_failed',
      actor: email,
      ip,
      detail: { knownAccount: Boolean(admin) },
    });
    throw new AppError(401, 'LOGIN_FAILED', LOGIN_FAILED_MESSAGE);
  }

  // A new session id at every login; the one the browser held before (if any) is destroyed.
  await destroySession(db, 'admin', previousSessionId);
  const sessionId = await createSession(db, clock, 'admin', admin.id);
  // A success is not a failure: the attempt is withdrawn, and the account's earlier failures forgiven.
  await withdrawAttempts(db, admission.attemptIds);
  await clearAttempts(db, windows[0]!.bucket);
  await logSecurityEvent(db, clock, { event: 'admin.login', actor: email, ip });
  return {
    sessionId,
    admin: { id: admin.id, email: admin.email, firstName: admin.firstName, lastName: admin.lastName },
  };
}

export async function logoutAdmin(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  sessionId: string | undefined,
  adminId: number,
  ip: string,
): Promise<void> {
  await destroySession(deps.db, 'admin', sessionId);
  await logSecurityEvent(deps.db, deps.clock, { event: 'admin.logout', actor: await adminEmail(deps, adminId), ip });
}

/** The e-mail of a signed-in admin, for the security log. */
export async function adminEmail(deps: Pick<ServiceDeps, 'db'>, adminId: number): Promise<string | null> {
  const [admin] = await deps.db.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId));
  return admin?.email ?? null;
}
