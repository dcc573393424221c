// Admin login and logout. One answer for a wrong e-mail or a wrong password, taking the same time (a dummy
// hash is verified when the account does not exist). Attempts are counted in the database per (account, client
// address) pair, per client address across accounts and per account across addresses (decision 020), so restarts
// and several instances share the throttle. A right password alone signs in only an admin without a second factor
// where none is required; otherwise it opens a short pending session for the code (or for enrolling one).
import { eq, sql } from 'drizzle-orm';
import { admins } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { dummySecretHash, keyedDigest, verifySecret } from '../../crypto.js';
import { AppError, humanWait, tooManyRequests } from '../../errors.js';
import { createSession, destroySession, readSession } from '../sessions.js';
import { admitAttempt, clearAttempts, clientAddressKey, withdrawAttempts, type Window } from '../rate-limit.js';
import type { AdminLogin } from '../../../shared/schemas/admin.js';
import { logSecurityEvent } from '../security-log.js';
import { recordAudit } from './audit.js';
import { enrolledSecret, verifySecondFactor } from './second-factor.js';

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Higher than the account limit: several admins may share an office address. */
export const ADDRESS_FAILURE_LIMIT = 20;
/**
 * Per account from every address: slows a guesser spread over many addresses. Higher than the pair's limit, so a
 * stranger must keep up 30 failures a quarter hour from 6+ addresses to hold the account shut (decision 020).
 */
export const EMAIL_FAILURE_LIMIT = 30;

/**
 * The e-mail as the rate table keeps it: a keyed digest (HMAC under DIGEST_SECRET, crypto.ts keyedDigest), so the
 * table holds neither the address nor a plain hash anyone could test a guessed address against.
 */
const emailKey = (secret: string, email: string) => keyedDigest(secret, 'admin-login', email);

/**
 * Failures lock the pair (account, client address): a stranger's wrong passwords cannot lock the owner out from
 * their own address (decision 012).
 */
const accountWindow = (emailKey: string, ip: string): Window => ({
  bucket: `admin-login:account:${emailKey}:ip:${clientAddressKey(ip)}`,
  limit: ACCOUNT_FAILURE_LIMIT,
  windowMs: LOGIN_WINDOW_MS,
});
const emailWindow = (emailKey: string): Window => ({
  bucket: `admin-login:account:${emailKey}`,
  limit: EMAIL_FAILURE_LIMIT,
  windowMs: LOGIN_WINDOW_MS,
});
const addressWindow = (ip: string): Window => ({
  bucket: `admin-login:ip:${clientAddressKey(ip)}`,
  limit: ADDRESS_FAILURE_LIMIT,
  windowMs: LOGIN_WINDOW_MS,
});

export interface SignedInAdmin {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export type LoginResult =
  | { next: 'signed-in'; sessionId: string; admin: SignedInAdmin }
  | { next: 'second-factor' | 'enrol'; pendingId: string };

export async function loginAdmin(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  input: AdminLogin,
  ip: string,
  previousSessionId?: string,
): Promise<LoginResult> {
  const { db, clock } = deps;
  const email = input.email.trim().toLowerCase();
  const key = emailKey(deps.config.digestSecret!, email);
  const windows = [accountWindow(key, ip), addressWindow(ip), emailWindow(key)];
  const [admin] = await db
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, email));
  const adminId = admin?.id ?? null;

  // The attempt is counted before the password is checked, so a parallel burst cannot get more than the limit.
  const admission = await admitAttempt(db, clock, windows);
  if (!admission.admitted) {
    await logSecurityEvent(db, clock, { event: 'admin.lockout', actor: email, ip });
    await recordAudit(db, clock, { adminId, ip, action: 'login_throttled', outcome: 'throttled' });
    throw tooManyRequests(
      `Too many failed login attempts. Please try again ${humanWait(admission.retryAfterSeconds)}.`,
      admission.retryAfterSeconds,
    );
  }

  const ok = await verifySecret(admin?.passwordHash ?? (await dummySecretHash()), input.password);
  if (!admin || !ok) {
    await logSecurityEvent(db, clock, {
      event: 'admin.login_failed',
      actor: email,
      ip,
      detail: { knownAccount: Boolean(admin) },
    });
    await recordAudit(db, clock, { adminId, ip, action: 'login_failed', outcome: 'failed' });
    throw new AppError(401, 'LOGIN_FAILED', LOGIN_FAILED_MESSAGE);
  }

  // A new session id at every login; the one the browser held before (if any) is destroyed.
  await destroySession(db, 'admin', previousSessionId);
  // A success is not a failure: the attempt is withdrawn, and the pair's earlier failures forgiven.
  await withdrawAttempts(db, admission.attemptIds);
  await clearAttempts(db, windows[0]!.bucket);
  await logSecurityEvent(db, clock, { event: 'admin.login', actor: email, ip });

  const next = admin.totpEnabledAt ? 'second-factor' : deps.config.secondFactorRequired ? 'enrol' : 'signed-in';
  if (next !== 'signed-in') {
    await recordAudit(db, clock, { adminId, ip, action: 'login', outcome: `password accepted; ${next} asked` });
    return { next, pendingId: await openPendingSession(deps, admin.id) };
  }
  await recordAudit(db, clock, { adminId, ip, action: 'login', outcome: 'success (no second factor)' });
  return { next, sessionId: await createSession(db, clock, 'admin', admin.id), admin: publicAdmin(admin) };
}

const publicAdmin = (a: SignedInAdmin): SignedInAdmin => ({
  id: a.id,
  email: a.email,
  firstName: a.firstName,
  lastName: a.lastName,
});

/** The pending session's admin, or a 401 asking to log in again (it lasts 10 minutes). */
export async function pendingAdmin(deps: Pick<ServiceDeps, 'db' | 'clock'>, pendingId: string | undefined) {
  const session = await readSession(deps.db, deps.clock, 'admin-pending', pendingId);
  const [admin] = session ? await deps.db.select().from(admins).where(eq(admins.id, session.subjectId)) : [];
  if (!admin) throw new AppError(401, 'LOGIN_PENDING_EXPIRED', PENDING_EXPIRED_MESSAGE);
  return admin;
}

export const PENDING_EXPIRED_MESSAGE = 'Your login has timed out. Please enter your email and password again.';

/** The login's second step: the code from the app (or a recovery code) turns the pending session into a session. */
export async function completeLoginWithCode(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  pendingId: string | undefined,
  code: string,
  ip: string,
): Promise<{ sessionId: string; admin: SignedInAdmin }> {
  const admin = await pendingAdmin(deps, pendingId);
  const secret = await enrolledSecret(deps, admin.id);
  if (!secret)
    throw new AppError(409, 'SECOND_FACTOR_NOT_ENROLLED', 'This account has no second factor yet: set one up first.');
  await verifySecondFactor(deps, admin.id, secret, code, ip, 'login');
  return { sessionId: await promotePending(deps, pendingId, admin.id), admin: publicAdmin(admin) };
}

/** After setup: the new owner goes on to enrol the second factor in a pending session. */
export const openPendingSession = (deps: Pick<ServiceDeps, 'db' | 'clock'>, adminId: number) =>
  createSession(deps.db, deps.clock, 'admin-pending', adminId);

/** Ends the pending session and starts the real one (a new id, checked now). */
export async function promotePending(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  pendingId: string | undefined,
  adminId: number,
): Promise<string> {
  await destroySession(deps.db, 'admin-pending', pendingId);
  return createSession(deps.db, deps.clock, 'admin', adminId);
}

export async function logoutAdmin(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  sessionId: string | undefined,
  adminId: number,
  ip: string,
): Promise<void> {
  await destroySession(deps.db, 'admin', sessionId);
  await logSecurityEvent(deps.db, deps.clock, { event: 'admin.logout', actor: await adminEmail(deps, adminId), ip });
  await recordAudit(deps.db, deps.clock, { adminId, ip, action: 'logout', outcome: 'success' });
}

/** The e-mail of a signed-in admin, for the security log. */
export async function adminEmail(deps: Pick<ServiceDeps, 'db'>, adminId: number): Promise<string | null> {
  const [admin] = await deps.db.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId));
  return admin?.email ?? null;
}
