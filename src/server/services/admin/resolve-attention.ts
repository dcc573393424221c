// "Mark resolved" on the attention list: closes the gift's open attention items (attention/items.ts) once an
// operator has dealt with their cause, recording who did. A cause
// that is still there keeps the gift on the list whatever the flag says, so clearing it is refused: a frozen
// claim ("Unfreeze claim" in the gift list, or refund the sender) and a failed or long-failing payout or refund
// (retry it) — a recipient's open report is resolved with the items (issue 25); the ledger's invariant "nothing
// stuck is off the attention list" stays true.
import { and, eq, sql } from 'drizzle-orm';
import { giftReports, gifts, ledgerMovements } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { frozenClaim, openReport, stuckMovement } from './attention-sql.js';
import { resolveAttention } from '../attention/items.js';
import { logAdminAction, type AdminActor } from './attention-actor.js';

export async function markAttentionResolved(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  giftId: number,
  actor: AdminActor,
): Promise<void> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.moneyAttentionAfterMs);
  await deps.db.transaction(async (tx) => {
    const [gift] = await tx
      .select({ frozen: sql<boolean>`${frozenClaim()}` })
      .from(gifts)
      .where(eq(gifts.id, giftId))
      .for('update');
    if (!gift) throw notFound(`Gift #${giftId} was not found.`);
    if (gift.frozen)
      throw conflict(
        `Gift #${giftId}'s claim is frozen: use "Unfreeze claim" in the gift list, or refund the sender; marking it resolved would leave it frozen.`,
      );
    const [stuck] = await tx
      .select({ one: sql`1` })
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.giftId, giftId), stuckMovement(cutoff)))
      .limit(1);
    if (stuck)
      throw conflict(
        `Gift #${giftId}'s payout or refund has failed: retry it (Retry now) until it goes through, or refund the sender.`,
      );
    const reports = await tx
      .update(giftReports)
      .set({ resolvedAt: now })
      .where(and(eq(giftReports.giftId, giftId), openReport()))
      .returning({ reason: giftReports.reason });
    const items = await resolveAttention(tx, giftId, 'all', { at: now, by: actor.id });
    if (items.length === 0 && reports.length === 0) throw conflict(`Gift #${giftId} is not on the attention list.`);
    await logAdminAction(tx, deps.clock, 'admin.resolve_attention', actor, {
      giftId,
      reason: items.length > 0 ? items.map((i) => i.detail).join(' · ') : `reported: ${reports[0]!.reason}`,
    });
  });
}
