// POST /api/gifts/claim/:token: checks the security answer, then starts the claim: the claim session that the
// later steps need (claim-session.ts) and the provider page where the payout account is settled (payout-step.ts):
// the owner's sign-in to an existing account for this address, or the onboarding of the gift's own account
// (decision 021). An account from an earlier gift is never used on the answer alone.
//
// The lockout (decision 012) is counted in the gift's gift_claim_attempts row, so every instance shares it, and each
// answer is counted *before* it is checked: one upsert admits the attempt only while the gift is not locked,
// and the attempt that makes WRONG_ANSWER_LIMIT locks it in that same statement. A parallel burst therefore gets
// exactly WRONG_ANSWER_LIMIT answers checked. A right answer then takes its count back. Locks grow (1 hour,
// then 24 hours) and after WRONG_ANSWER_FREEZE_TOTAL wrong answers the gift is frozen for an operator.
import { and, eq, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { giftClaimAttempts, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { normaliseAnswer, sha256, verifySecret } from '../../crypto.js';
import { badRequest, humanWait, notFound, tooManyRequests } from '../../errors.js';
import { HOUR, MINUTE } from '../../clock.js';
import {
  WRONG_ANSWER_FREEZE_TOTAL,
  WRONG_ANSWER_LATER_LOCK_HOURS,
  WRONG_ANSWER_LIMIT,
  WRONG_ANSWER_LOCK_MINUTES,
} from '../../../shared/constants.js';
import { CLAIM_MESSAGES, type ClaimStartResponse } from '../../../shared/schemas/claim.js';
import { claimTokenHash, withinClaimWindow, withinClaimWindowSql } from './find-gift.js';
import { writePayout } from '../payouts/payout-row.js';
import { claimTokenMatches } from '../gifts/gift-links.js';
import { payoutStep } from './payout-step.js';
import { admitClaimAttempt, admitClaimStart } from './client-limit.js';
import { withdrawAttempts } from '../rate-limit.js';
import { openClaimSession, type OpenedClaimSession } from './claim-session.js';
import { transition } from '../gift-lifecycle/transition.js';
import { followClaimStart } from '../together/shares.js';
import { checkClaimClient } from '../risk/claim-check.js';
import { raiseAttention, resolveAttention } from '../attention/items.js';

export const FROZEN_REASON = `Claim frozen after ${WRONG_ANSWER_FREEZE_TOTAL} wrong security answers: check with the recipient before unfreezing.`;
export const FROZEN_MESSAGE =
  'Too many incorrect answers. For your security, this gift is on hold until our support team has checked it. Please contact support.';

function lockedError(lockedUntil: Date, now: Date) {
  const seconds = (lockedUntil.getTime() - now.getTime()) / 1000;
  const at = lockedUntil.toISOString().slice(11, 16);
  return tooManyRequests(
    `Too many incorrect answers. For your security, claiming this gift is locked. Please try again ${humanWait(seconds)} (after ${at} UTC).`,
    seconds,
    'CLAIM_LOCKED',
  );
}

const a = giftClaimAttempts;
type GiftRow = typeof gifts.$inferSelect;
/** The gift's lockout: no row is no wrong answer yet. */
type Lockout = { claimLockedUntil: Date | null; claimFrozenAt: Date | null };

/** The gift (by its claim token, or by id) with its lockout: one read. */
async function loadForClaim(db: DbOrTx, where: SQL): Promise<{ gift: GiftRow; lockout: Lockout } | undefined> {
  const [row] = await db
    .select({ gift: gifts, lockedUntil: a.claimLockedUntil, frozenAt: a.claimFrozenAt })
    .from(gifts)
    .leftJoin(a, eq(a.giftId, gifts.id))
    .where(where);
  return row && { gift: row.gift, lockout: { claimLockedUntil: row.lockedUntil, claimFrozenAt: row.frozenAt } };
}

async function requireForClaim(db: DbOrTx, token: string) {
  const hash = claimTokenHash(token);
  const found = hash ? await loadForClaim(db, claimTokenMatches(hash)) : undefined;
  if (!found) throw notFound(CLAIM_MESSAGES.notFound);
  return found;
}

const notLocked = (now: Date) => or(isNull(a.claimLockedUntil), lte(a.claimLockedUntil, now));
/** Neither locked nor frozen, as a condition on the gifts row (no attempts row: no wrong answer). */
const noLockout = (now: Date) =>
  notExists(
    sql`(select 1 from ${a} where ${a.giftId} = ${gifts.id} and not (${and(notLocked(now), isNull(a.claimFrozenAt))}))`,
  );

function assertClaimable(gift: GiftRow, lockout: Lockout, now: Date): void {
  if (gift.status === 'pending') throw badRequest(CLAIM_MESSAGES.notPaid, 'GIFT_NOT_PAID');
  if (gift.status !== 'paid' || !gift.recipientEmail || !withinClaimWindow(gift, now))
    throw notFound(CLAIM_MESSAGES.notFound);
  if (lockout.claimFrozenAt) throw tooManyRequests(FROZEN_MESSAGE, 24 * 3600, 'CLAIM_LOCKED');
  if (lockout.claimLockedUntil && lockout.claimLockedUntil > now) throw lockedError(lockout.claimLockedUntil, now);
}

/** The lockout columns after one more wrong answer, from the previous values (columns, or zeros for a new row). */
function afterWrongAnswer(
  previous: {
    run: SQL | typeof a.wrongAnswerCount;
    total: SQL | typeof a.wrongAnswersTotal;
    locks: SQL | typeof a.claimLocks;
    lockedUntil: SQL | typeof a.claimLockedUntil;
  },
  now: Date,
) {
  const run = sql`${previous.run} + 1`;
  const total = sql`${previous.total} + 1`;
  const locks = sql`${run} >= ${WRONG_ANSWER_LIMIT}`;
  const freezes = sql`${total} >= ${WRONG_ANSWER_FREEZE_TOTAL}`;
  const firstLock = new Date(now.getTime() + WRONG_ANSWER_LOCK_MINUTES * MINUTE).toISOString();
  const laterLock = new Date(now.getTime() + WRONG_ANSWER_LATER_LOCK_HOURS * HOUR).toISOString();
  return {
    wrongAnswerCount: sql<number>`case when ${locks} then 0 else ${run} end`,
    wrongAnswersTotal: sql<number>`${total}`,
    claimLocks: sql<number>`case when ${locks} then ${previous.locks} + 1 else ${previous.locks} end`,
    claimLockedUntil: sql<Date | null>`case when ${freezes} then null when ${locks} then (case when ${previous.locks} = 0 then ${firstLock}::timestamptz else ${laterLock}::timestamptz end) else ${previous.lockedUntil} end`,
    claimFrozenAt: sql<Date | null>`case when ${freezes} then ${now.toISOString()}::timestamptz else null end`,
  };
}

interface CountedAttempt {
  /** This attempt reached WRONG_ANSWER_LIMIT and locked the gift until lockedUntil. */
  lockedNow: boolean;
  /** This attempt reached WRONG_ANSWER_FREEZE_TOTAL and froze the gift. */
  frozenNow: boolean;
  lockedUntil: Date | null;
  /** What a right answer restores when it takes back the lock or freeze its count caused. */
  before: Pick<Lockout, 'claimLockedUntil'>;
}

/**
 * Counts the answer as wrong before it is checked; refuses it when the gift is (or just became) locked. One
 * statement: the first answer inserts the gift's row (a paid gift in its window only), a later one updates it
 * only while it is neither locked nor frozen; racing answers wait on the row and see each other's counts.
 */
async function countAttempt(deps: ServiceDeps, gift: GiftRow, lockout: Lockout): Promise<CountedAttempt> {
  const now = deps.clock.now();
  const zero = sql`0`;
  const first = afterWrongAnswer({ run: zero, total: zero, locks: zero, lockedUntil: sql`null::timestamptz` }, now);
  const next = afterWrongAnswer(
    { run: a.wrongAnswerCount, total: a.wrongAnswersTotal, locks: a.claimLocks, lockedUntil: a.claimLockedUntil },
    now,
  );
  // The answer that freezes the gift puts it on the attention list in the same transaction.
  const [row] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(a)
      .select(
        tx
          .select({
            giftId: gifts.id,
            wrongAnswerCount: first.wrongAnswerCount.as('wrong_answer_count'),
            wrongAnswersTotal: first.wrongAnswersTotal.as('wrong_answers_total'),
            claimLocks: first.claimLocks.as('claim_locks'),
            claimLockedUntil: first.claimLockedUntil.as('claim_locked_until'),
            claimFrozenAt: first.claimFrozenAt.as('claim_frozen_at'),
          })
          .from(gifts)
          .where(and(eq(gifts.id, gift.id), eq(gifts.status, 'paid'), withinClaimWindowSql(now))),
      )
      .onConflictDoUpdate({ target: a.giftId, set: next, setWhere: and(notLocked(now), isNull(a.claimFrozenAt)) })
      .returning({ run: a.wrongAnswerCount, lockedUntil: a.claimLockedUntil, frozenAt: a.claimFrozenAt });
    if (rows[0]?.frozenAt) await raiseAttention(tx, gift.id, 'claim_frozen', FROZEN_REASON, now);
    return rows;
  });
  if (!row) {
    // Locked, frozen or expired by another attempt (or the job) since the gift was read.
    const fresh = (await loadForClaim(deps.db, eq(gifts.id, gift.id)))!;
    assertClaimable(fresh.gift, fresh.lockout, now);
    throw notFound(CLAIM_MESSAGES.notFound);
  }
  return {
    lockedNow: row.run === 0,
    frozenNow: Boolean(row.frozenAt),
    lockedUntil: row.lockedUntil,
    before: { claimLockedUntil: lockout.claimLockedUntil },
  };
}

/** A right answer: its count is taken back, and a lock or freeze it caused is lifted. */
function forgive(attempt: CountedAttempt) {
  return {
    wrongAnswerCount: 0,
    wrongAnswersTotal: sql`greatest(${a.wrongAnswersTotal} - 1, 0)`,
    ...(attempt.lockedNow ? { claimLocks: sql`greatest(${a.claimLocks} - 1, 0)` } : {}),
    ...(attempt.lockedNow || attempt.frozenNow
      ? { claimLockedUntil: attempt.before.claimLockedUntil, claimFrozenAt: null }
      : {}),
  };
}

export interface StartedClaim {
  answer: ClaimStartResponse;
  /** For the HttpOnly cookie only: never in an answer's body. */
  session: OpenedClaimSession;
}

export async function startClaim(
  deps: ServiceDeps,
  token: string,
  securityAnswer: string | null | undefined,
  clientAddress: string,
): Promise<StartedClaim> {
  const { gift, lockout } = await requireForClaim(deps.db, token);
  assertClaimable(gift, lockout, deps.clock.now());

  let attempt: CountedAttempt | null = null;
  const answer = gift.securityAnswerHash ? normaliseAnswer(securityAnswer ?? '') : null;
  if (gift.securityAnswerHash && !answer) throw badRequest(CLAIM_MESSAGES.answerRequired);
  // Every start counts, right answer or wrong, question or none (client-limit.ts); an empty answer costs nothing.
  await admitClaimStart(deps, clientAddress);
  if (gift.securityAnswerHash && answer) {
    const addressAttempt = await admitClaimAttempt(deps, clientAddress);
    attempt = await countAttempt(deps, gift, lockout);
    if (!(await verifySecret(gift.securityAnswerHash, answer))) {
      if (attempt.frozenNow) throw tooManyRequests(FROZEN_MESSAGE, 24 * 3600, 'CLAIM_LOCKED');
      if (attempt.lockedNow && attempt.lockedUntil) throw lockedError(attempt.lockedUntil, deps.clock.now());
      throw badRequest(CLAIM_MESSAGES.incorrectAnswer, 'ANSWER_INCORRECT');
    }
    await withdrawAttempts(deps.db, addressAttempt);
  }

  const now = deps.clock.now();
  // Conditional: still paid and in its window; a lock or freeze this right answer caused is lifted, any other
  // holds (an answer racing this one locked the gift).
  const set = { claimStartedAt: sql`coalesce(${gifts.claimStartedAt}, ${now.toISOString()}::timestamptz)` };
  const where = and(withinClaimWindowSql(now), attempt?.lockedNow || attempt?.frozenNow ? undefined : noLockout(now));
  const started = await deps.db.transaction(async (tx) => {
    // The attempts row (there is one once an answer was counted) is locked first, so an answer racing this start
    // counts either before the lockout check below or after the right answer's count is taken back.
    if (attempt) await tx.select({ id: a.giftId }).from(a).where(eq(a.giftId, gift.id)).for('update');
    let [moved] = await transition(tx, gift.id, { to: 'claim_started', at: now, set, where });
    // Answering again (another device) keeps the claim started: the same changes, and no move.
    [moved] = moved
      ? [moved]
      : await tx
          .update(gifts)
          .set(set)
          .where(and(eq(gifts.id, gift.id), eq(gifts.state, 'claim_started'), where))
          .returning();
    if (!moved) return undefined;
    if (attempt) await tx.update(a).set(forgive(attempt)).where(eq(a.giftId, gift.id));
    // The payout job checks the account soon: the payout row's next look, after the move (the gift is locked).
    const [payout] = await writePayout(tx, moved.id, { reconcileAfter: now });
    const { recipientAccountId, transferStartedAt, transferId, claimedAt } = payout!;
    return { ...moved, recipientAccountId, transferStartedAt, transferId, claimedAt };
  });
  if (!started) {
    const fresh = await requireForClaim(deps.db, token);
    assertClaimable(fresh.gift, fresh.lockout, now);
    throw notFound(CLAIM_MESSAGES.notFound);
  }
  // The freeze this right answer's own count caused is taken back, and its attention item with it.
  if (attempt?.frozenNow) await resolveAttention(deps.db, gift.id, ['claim_frozen'], { at: now });
  await followClaimStart(deps.db, started);
  await checkClaimClient(deps, started, clientAddress, now);

  const session = await openClaimSession(deps, started);
  // The sender's message opens with the right answer (issue 25 point 1): the lookup keeps it back behind a question.
  const step = await payoutStep(deps, token, started, sha256(session.id));
  return { answer: { ...step, personalNote: started.personalNote }, session };
}
