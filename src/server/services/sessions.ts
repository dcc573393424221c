// Server-side sessions for admins, donors and claims: a random 256-bit id in an HttpOnly cookie,
// only its SHA-256 in the database; a new id at every login (or right answer); idle and absolute timeouts;
// destroyed on logout. A claim session's subject is the gift it was opened for (claims/claim-session.ts).
import { and, eq } from 'drizzle-orm';
import { sessions } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import type { Clock } from '../clock.js';
import { randomToken, sha256 } from '../crypto.js';

/** `admin-pending`: the password was right and the second factor is still to come (or to be enrolled). */
export type SessionKind = 'admin' | 'admin-pending' | 'donor' | 'claim';
/** The sessions a person signs in to, one cookie each; a claim session's cookie is named by its gift. */
export type AccountSessionKind = Exclude<SessionKind, 'claim' | 'admin-pending'>;

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/** A claim session is short: the answer opens the payout steps of one gift for one sitting. */
export const CLAIM_SESSION_ABSOLUTE_MS = 3 * 3_600_000;
/** Time to type the code from the authenticator app (or to scan the QR code at enrolment). */
export const PENDING_SESSION_ABSOLUTE_MS = 10 * 60_000;
const ABSOLUTE_MS: Record<SessionKind, number> = {
  admin: SESSION_ABSOLUTE_MS,
  'admin-pending': PENDING_SESSION_ABSOLUTE_MS,
  donor: SESSION_ABSOLUTE_MS,
  claim: CLAIM_SESSION_ABSOLUTE_MS,
};
export const SESSION_COOKIE: Record<AccountSessionKind, string> = { admin: 'hg_admin', donor: 'hg_donor' };
/** The half-signed-in admin's cookie, sent only to the admin API. */
export const PENDING_SESSION_COOKIE = 'hg_admin_pending';

export interface Session {
  idHash: string;
  kind: SessionKind;
  subjectId: number;
  /** The last password or second-factor check in this session (step-up for money actions). */
  verifiedAt: Date | null;
}

/** Starts a session and answers the raw id for the cookie. */
export async function createSession(db: DbOrTx, clock: Clock, kind: SessionKind, subjectId: number): Promise<string> {
  const id = randomToken(32);
  const now = clock.now();
  await db.insert(sessions).values({
    idHash: sha256(id),
    kind,
    subjectId,
    createdAt: now,
    lastSeenAt: now,
    absoluteExpiresAt: new Date(now.getTime() + ABSOLUTE_MS[kind]),
    verifiedAt: now,
  });
  return id;
}

/** The live session for a cookie value, sliding its idle timeout; null when absent, unknown or expired. */
export async function readSession(
  db: DbOrTx,
  clock: Clock,
  kind: SessionKind,
  rawId: string | undefined,
): Promise<Session | null> {
  if (!rawId || rawId.length > 100) return null;
  const idHash = sha256(rawId);
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), eq(sessions.kind, kind)));
  if (!row) return null;
  const now = clock.now();
  if (now >= row.absoluteExpiresAt || now.getTime() - row.lastSeenAt.getTime() >= SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  // Touch at most once a minute: fewer writes on busy dashboards.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return { idHash, kind, subjectId: row.subjectId, verifiedAt: row.verifiedAt };
}

export async function destroySession(db: DbOrTx, kind: SessionKind, rawId: string | undefined): Promise<void> {
  if (!rawId) return;
  await db.delete(sessions).where(and(eq(sessions.idHash, sha256(rawId)), eq(sessions.kind, kind)));
}

/** A password or second-factor check just happened in this session (step-up for money actions). */
export async function markVerified(db: DbOrTx, clock: Clock, idHash: string): Promise<void> {
  await db.update(sessions).set({ verifiedAt: clock.now() }).where(eq(sessions.idHash, idHash));
}
