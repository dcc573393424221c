// "Retry now" on the attention list: the reconciler attempts the gift's waiting payout or refund at once instead
// of at its next backoff time. A failed movement is reopened as `unknown`, so the attempt first asks the provider
// whether money already moved under its key (decision 014). A movement whose attempt is under way (lease held) is
// left alone: two clicks make one attempt, the other is told so.
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { gifts, ledgerMovements } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import type { RetryOutcome } from '../../../shared/schemas/admin-money.js';
import { attemptMovement } from '../ledger/reconciler.js';
import { retryable } from './attention-sql.js';
import { MOVEMENT_WORDS } from './attention-list.js';
import { logAdminAction, type AdminActor } from './attention-actor.js';

const m = ledgerMovements;

export const RETRY_BUSY_MESSAGE = 'An attempt at this movement is under way right now. Look again in a minute.';

export async function retryGiftMovement(deps: ServiceDeps, giftId: number, actor: AdminActor): Promise<RetryOutcome> {
  const now = deps.clock.now();
  const [gift] = await deps.db.select({ id: gifts.id }).from(gifts).where(eq(gifts.id, giftId));
  if (!gift) throw notFound(`Gift #${giftId} was not found.`);
  const [movement] = await deps.db
    .select({ id: m.id, kind: m.kind })
    .from(m)
    .where(and(eq(m.giftId, giftId), retryable()))
    .orderBy(desc(m.id))
    .limit(1);
  if (!movement) throw conflict(`Gift #${giftId} has no payout or refund waiting to be retried.`);

  // Due now; an in-flight attempt keeps its lease until it runs out.
  const [due] = await deps.db
    .update(m)
    .set({ state: sql`case when ${m.state} = 'failed' then 'unknown' else ${m.state} end`, nextAttemptAt: now })
    .where(
      and(
        eq(m.id, movement.id),
        or(
          inArray(m.state, ['requested', 'unknown', 'failed']),
          and(eq(m.state, 'in_flight'), lte(m.nextAttemptAt, now)),
        ),
      ),
    )
    .returning({ id: m.id });
  const outcome = due ? await attemptMovement(deps, movement.id) : 'busy';
  if (outcome === 'busy') throw conflict(RETRY_BUSY_MESSAGE);

  const [after] = await deps.db.select({ lastError: m.lastError }).from(m).where(eq(m.id, movement.id));
  await logAdminAction(deps.db, deps.clock, 'admin.retry_movement', actor, {
    giftId,
    movement: movement.kind,
    outcome,
  });
  const what = MOVEMENT_WORDS[movement.kind] ?? movement.kind;
  const messages: Record<RetryOutcome['outcome'], string> = {
    succeeded: `${what} made.`,
    retrying: `${what} failed again and will be retried automatically: ${after?.lastError ?? 'no answer'}`,
    failed: `${what} was refused: ${after?.lastError ?? 'no reason given'}`,
    held: `${what} waits: a card dispute on the payment is open, nothing is sent until it closes.`,
    cancelled: `${what} is no longer needed and was not sent: ${after?.lastError ?? 'no reason given'}`,
  };
  const message = messages[outcome];
  return { outcome, message };
}
