// Claim sessions (decision 012): the right answer (or the claim of a gift without a question) opens a session
// bound to that one gift; the onboarding refresh, the completion check, the dashboard login and the detailed
// status need it, so a claim link alone (forwarded, leaked, read over a shoulder) opens nothing past the question.
// Stored as a `claim` row of the sessions table: only the id's SHA-256, 30 minutes idle (renewed while used),
// CLAIM_SESSION_ABSOLUTE_MS at most.
import type { ServiceDeps } from '../../deps.js';
import { createSession, readSession } from '../sessions.js';

/** The raw claim session id the caller sent for a gift (its cookie is named by the gift's public id), if any. */
export type ClaimSessionCookies = (giftPublicId: string) => string | undefined;

/** What a right answer hands the route: the session to put in the recipient's cookie. */
export interface OpenedClaimSession {
  giftPublicId: string;
  id: string;
}

export async function openClaimSession(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  gift: { id: number; publicId: string },
): Promise<OpenedClaimSession> {
  return { giftPublicId: gift.publicId, id: await createSession(deps.db, deps.clock, 'claim', gift.id) };
}

/** Whether the caller holds a live claim session of this very gift; using it renews it. */
export async function holdsClaimSession(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  gift: { id: number; publicId: string },
  cookies: ClaimSessionCookies,
): Promise<boolean> {
  return (await claimSessionHash(deps, gift, cookies)) !== null;
}

/** The stored form (SHA-256) of the caller's live claim session of this gift, or null: what an owner proof is bound to. */
export async function claimSessionHash(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  gift: { id: number; publicId: string },
  cookies: ClaimSessionCookies,
): Promise<string | null> {
  const session = await readSession(deps.db, deps.clock, 'claim', cookies(gift.publicId));
  return session?.subjectId === gift.id ? session.idHash : null;
}
