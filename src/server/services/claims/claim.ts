// POST /api/gifts/claim/:token: checks the security answer (5 wrong answers lock claiming for an hour, counted
// in the gift's row so every instance shares it), then starts the claim: the recipient's connected account
// (one per e-mail) and the onboarding link.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { normaliseAnswer, verifySecret } from '../../crypto.js';
import { badRequest, humanWait, notFound, tooManyRequests } from '../../errors.js';
import { MINUTE } from '../../clock.js';
import { WRONG_ANSWER_LIMIT, WRONG_ANSWER_LOCK_MINUTES } from '../../../shared/constants.js';
import { CLAIM_MESSAGES, type ClaimStartResponse } from '../../../shared/schemas/claim.js';
import { requireGiftByToken, type GiftRow } from './find-gift.js';
import { ensureRecipientAccount } from './recipient-account.js';
import { onboardingUrl } from './onboarding-link.js';

function lockedError(lockedUntil: Date, now: Date) {
  const seconds = (lockedUntil.getTime() - now.getTime()) / 1000;
  const at = lockedUntil.toISOString().slice(11, 16);
  return tooManyRequests(
    `Too many incorrect answers. For your security, claiming this gift is locked. Please try again ${humanWait(seconds)} (after ${at} UTC).`,
    seconds,
  );
}

const notLocked = (now: Date) => or(isNull(gifts.claimLockedUntil), lte(gifts.claimLockedUntil, now));

/** Counts a wrong answer atomically; the fifth in a row locks the gift and starts a fresh count. */
async function recordWrongAnswer(deps: ServiceDeps, gift: GiftRow): Promise<never> {
  const now = deps.clock.now();
  const lockUntil = new Date(now.getTime() + WRONG_ANSWER_LOCK_MINUTES * MINUTE);
  const reachesLimit = sql`${gifts.wrongAnswerCount} + 1 >= ${WRONG_ANSWER_LIMIT}`;
  const [row] = await deps.db
    .update(gifts)
    .set({
      wrongAnswerCount: sql`case when ${reachesLimit} then 0 else ${gifts.wrongAnswerCount} + 1 end`,
      claimLockedUntil: sql`case when ${reachesLimit} then ${lockUntil.toISOString()}::timestamptz else ${gifts.claimLockedUntil} end`,
    })
    .where(and(eq(gifts.id, gift.id), notLocked(now)))
    .returning({ lockedUntil: gifts.claimLockedUntil });
  if (!row) {
    // Another attempt locked the gift while this answer was being checked.
    const [current] = await deps.db.select({ lockedUntil: gifts.claimLockedUntil }).from(gifts).where(eq(gifts.id, gift.id));
    throw lockedError(current?.lockedUntil ?? lockUntil, now);
  }
  if (row.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil, now);
  throw badRequest(CLAIM_MESSAGES.incorrectAnswer);
}

function assertClaimable(gift: GiftRow, now: Date): void {
  if (gift.status === 'pending') throw badRequest(CLAIM_MESSAGES.notPaid);
  if (gift.status !== 'paid' || !gift.recipientEmail) throw notFound(CLAIM_MESSAGES.notFound);
  if (gift.claimLockedUntil && gift.claimLockedUntil > now) throw lockedError(gift.claimLockedUntil, now);
}

export async function startClaim(deps: ServiceDeps, token: string, securityAnswer: string | null | undefined): Promise<ClaimStartResponse> {
  const gift = await requireGiftByToken(deps.db, token);
  assertClaimable(gift, deps.clock.now());

  if (gift.securityAnswerHash) {
    const answer = normaliseAnswer(securityAnswer ?? '');
    if (!answer) throw badRequest(CLAIM_MESSAGES.answerRequired);
    if (!(await verifySecret(gift.securityAnswerHash, answer))) await recordWrongAnswer(deps, gift);
  }

  const accountId = await ensureRecipientAccount(deps, gift.recipientEmail!);
  const now = deps.clock.now();
  // Conditional: still paid and not locked by answers that raced this one. The job checks the account soon.
  const [started] = await deps.db
    .update(gifts)
    .set({
      claimStartedAt: sql`coalesce(${gifts.claimStartedAt}, ${now.toISOString()}::timestamptz)`,
      recipientAccountId: sql`coalesce(${gifts.recipientAccountId}, ${accountId})`,
      wrongAnswerCount: 0,
      reconcileAfter: now,
    })
    .where(and(eq(gifts.id, gift.id), eq(gifts.status, 'paid'), notLocked(now)))
    .returning();
  if (!started) assertClaimable(await requireGiftByToken(deps.db, token), now);
  if (!started) throw notFound(CLAIM_MESSAGES.notFound);

  return { accountLinkUrl: await onboardingUrl(deps, token, started.recipientAccountId!) };
}
