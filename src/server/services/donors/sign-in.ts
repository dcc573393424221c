// Passwordless donor sign-in: request a link by e-mail (neutral answer, rate-limited), verify it once, sign out.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { donorLoginTokens, donors } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { HOUR, MINUTE } from '../../clock.js';
import { keyedDigest, sha256 } from '../../crypto.js';
import { badRequest, humanWait, tooManyRequests } from '../../errors.js';
import { admitAttempt, clientAddressKey, recordAttempt, windowState, type Window } from '../rate-limit.js';
import { createSession, destroySession } from '../sessions.js';
import { issueDonorSignInLink } from './sign-in-link.js';
import { donorActor, logSecurityEvent } from '../security-log.js';

type Deps = Pick<ServiceDeps, 'db' | 'clock' | 'config'>;

/** Per address: a person who did not get the e-mail retries a few times, not more. */
export const SIGN_IN_PER_ADDRESS = { limit: 5, windowMs: HOUR };
/** Per client: several donors may share an address (office, household), so a wider allowance. */
export const SIGN_IN_PER_CLIENT = { limit: 20, windowMs: HOUR };
/** Failed link verifications per client: tokens are unguessable, this only stops hammering. */
export const VERIFY_FAILURES_PER_CLIENT = { limit: 20, windowMs: 15 * MINUTE };

export const INVALID_LINK_MESSAGE =
  'This sign-in link is invalid, has expired or was already used. Enter your email to get a new one.';

const addressBucket = (secret: string, email: string): Window => ({
  // A keyed digest, so the rate table holds no e-mail address nor a plain hash of one (crypto.ts keyedDigest).
  bucket: `donor-sign-in:email:${keyedDigest(secret, 'donor-sign-in', email.trim().toLowerCase())}`,
  ...SIGN_IN_PER_ADDRESS,
});
const clientBucket = (ip: string): Window => ({
  bucket: `donor-sign-in:ip:${clientAddressKey(ip)}`,
  ...SIGN_IN_PER_CLIENT,
});
const verifyBucket = (ip: string): Window => ({
  bucket: `donor-verify:ip:${clientAddressKey(ip)}`,
  ...VERIFY_FAILURES_PER_CLIENT,
});

/**
 * Counts a sign-in request against the per-address and per-client limits, or throws 429 saying when to retry.
 * Does the same work whether or not an account exists, so neither the answer nor its timing tells them apart.
 */
export async function admitSignInRequest(deps: Deps, input: { email: string; ip: string }): Promise<void> {
  const admission = await admitAttempt(deps.db, deps.clock, [
    addressBucket(deps.config.digestSecret!, input.email),
    clientBucket(input.ip),
  ]);
  if (!admission.admitted) {
    await logSecurityEvent(deps.db, deps.clock, { event: 'donor.sign_in_rate_limited', ip: input.ip });
    throw tooManyRequests(
      `Too many sign-in requests. Please try again ${humanWait(admission.retryAfterSeconds)}.`,
      admission.retryAfterSeconds,
    );
  }
}

/** Sends a sign-in link when a donor has this address; does nothing otherwise. Runs after the answer is sent. */
export async function sendSignInLinkIfDonor(deps: Deps, input: { email: string; ip: string }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [donor] = await tx
      .select({ id: donors.id })
      .from(donors)
      .where(eq(sql`lower(${donors.email})`, input.email.trim().toLowerCase()));
    if (!donor) return;
    await issueDonorSignInLink(tx, deps, donor.id);
    await logSecurityEvent(tx, deps.clock, {
      event: 'donor.sign_in_link_requested',
      actor: donorActor(donor.id),
      ip: input.ip,
    });
  });
}

/**
 * Consumes a sign-in token exactly once (a conditional update: unused and unexpired) and starts a new session.
 * Two parallel verifications of one link give one session. Answers the raw session id for the cookie.
 */
export async function verifySignIn(
  deps: Deps,
  input: { token: string; ip: string; previousSessionId?: string },
): Promise<{ sessionId: string; donorId: number }> {
  const failures = verifyBucket(input.ip);
  const state = await windowState(deps.db, deps.clock, failures);
  if (state.limited) {
    throw tooManyRequests(
      `Too many sign-in attempts. Please try again ${humanWait(state.retryAfterSeconds)}.`,
      state.retryAfterSeconds,
    );
  }
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(donorLoginTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(donorLoginTokens.tokenHash, sha256(input.token)),
          isNull(donorLoginTokens.usedAt),
          gt(donorLoginTokens.expiresAt, now),
        ),
      )
      .returning({ donorId: donorLoginTokens.donorId, tokenHash: donorLoginTokens.tokenHash });
    if (!used) return null;
    // Signing in retires the donor's other outstanding links: only the newest intent counts.
    await tx
      .update(donorLoginTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(donorLoginTokens.donorId, used.donorId),
          isNull(donorLoginTokens.usedAt),
          ne(donorLoginTokens.tokenHash, used.tokenHash),
        ),
      );
    // A new session id at every sign-in; any session the browser carried before is ended.
    await destroySession(tx, 'donor', input.previousSessionId);
    const sessionId = await createSession(tx, deps.clock, 'donor', used.donorId);
    await logSecurityEvent(tx, deps.clock, { event: 'donor.sign_in', actor: donorActor(used.donorId), ip: input.ip });
    return { sessionId, donorId: used.donorId };
  });
  if (!result) {
    await recordAttempt(deps.db, deps.clock, failures.bucket);
    await logSecurityEvent(deps.db, deps.clock, {
      event: 'donor.sign_in_failed',
      ip: input.ip,
      detail: { reason: 'invalid_link' },
    });
    throw badRequest(INVALID_LINK_MESSAGE, 'SIGN_IN_LINK_INVALID');
  }
  return result;
}

export async function signOut(deps: Deps, input: { sessionId?: string; donorId?: number; ip: string }): Promise<void> {
  await destroySession(deps.db, 'donor', input.sessionId);
  if (input.donorId)
    await logSecurityEvent(deps.db, deps.clock, {
      event: 'donor.sign_out',
      actor: donorActor(input.donorId),
      ip: input.ip,
    });
}
