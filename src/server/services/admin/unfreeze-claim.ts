// "Unfreeze claim" on the admin gift list (decision 012): after WRONG_ANSWER_FREEZE_TOTAL wrong answers a gift is
// frozen until an operator has checked with the recipient. Unfreezing lifts the freeze and any lock, and gives the
// recipient one more run of WRONG_ANSWER_LIMIT answers: the total is set back so that the run's last wrong answer
// freezes the gift again. Recorded in the security log with the admin.
import { and, eq, isNotNull } from 'drizzle-orm';
import { giftClaimAttempts as a, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { WRONG_ANSWER_FREEZE_TOTAL, WRONG_ANSWER_LIMIT } from '../../../shared/constants.js';
import { resolveAttention } from '../attention/items.js';
import { logSecurityEvent } from '../security-log.js';

export async function unfreezeClaim(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  giftId: number,
  actor: { adminId: number; email: string | null; ip: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [unfrozen] = await tx
      .update(a)
      .set({
        claimFrozenAt: null,
        claimLockedUntil: null,
        wrongAnswerCount: 0,
        wrongAnswersTotal: WRONG_ANSWER_FREEZE_TOTAL - WRONG_ANSWER_LIMIT,
      })
      .where(and(eq(a.giftId, giftId), isNotNull(a.claimFrozenAt)))
      .returning({ id: a.giftId });
    if (!unfrozen) {
      const [exists] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.id, giftId));
      if (!exists) throw notFound(`Gift #${giftId} was not found.`);
      throw conflict(`Gift #${giftId} is not frozen.`);
    }
    // Only the freeze's own item closes: another one (a failed money movement) still needs its operator.
    await resolveAttention(tx, giftId, ['claim_frozen'], { at: deps.clock.now(), by: actor.adminId });
    await logSecurityEvent(tx, deps.clock, {
      event: 'admin.unfreeze_claim',
      actor: actor.email,
      ip: actor.ip,
      detail: { giftId, adminId: actor.adminId },
    });
  });
}
