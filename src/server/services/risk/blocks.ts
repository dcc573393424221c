// Operator blocks (decision 024, docs/risk.md "Blocks"): block the payer of a gift (each known part of its payer
// identity: the checkout e-mail, the card, the client address, as the keyed digests gift_payers holds) or a
// recipient address (its keyed digest), list them, and remove one. Each is one insert or delete keyed on the block,
// so racing clicks change it once. The early fraud warning after a payout blocks the payer too (fraud-warning.ts).
import { desc, eq } from 'drizzle-orm';
import { giftPayers, giftSenders, gifts, riskBlocks, type RiskBlockKind } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { logAdminAction, type AdminActor } from '../admin/attention-actor.js';
import type { Blocks } from '../../../shared/schemas/admin-risk.js';
import { payerIdentity } from './payer-identity.js';
import { recipientBlockKey } from './blocked.js';

export interface BlockOutcome {
  /** False when everything was blocked (or removed) already: nothing changed. */
  changed: boolean;
  message: string;
}

const PAYER_PARTS = [
  ['payer_email', 'emailKey', 'E-mail'],
  ['payer_card', 'cardKey', 'Card'],
  ['payer_client', 'clientKey', 'Client address'],
] as const;

/** Blocks every known part of the gift's payer identity; answers how many parts were newly blocked. */
export async function blockPayerOfGift(
  tx: DbOrTx,
  deps: Pick<ServiceDeps, 'config' | 'clock'>,
  giftId: number,
  by: { source: 'operator' | 'early_fraud_warning'; operatorId: number | null },
): Promise<number> {
  const [gift] = await tx
    .select({
      senderEmail: giftSenders.senderEmail,
      emailKey: giftPayers.emailKey,
      cardKey: giftPayers.cardKey,
      clientKey: giftPayers.clientKey,
    })
    .from(gifts)
    .leftJoin(giftPayers, eq(giftPayers.giftId, gifts.id))
    .leftJoin(giftSenders, eq(giftSenders.giftId, gifts.id))
    .where(eq(gifts.id, giftId));
  if (!gift) throw notFound(`Gift #${giftId} does not exist.`);
  // A gift paid before the risk layer kept identities: its checkout e-mail is still known.
  const identity =
    gift.emailKey || gift.cardKey || gift.clientKey
      ? gift
      : payerIdentity(deps.config.digestSecret!, { email: gift.senderEmail });
  const rows = PAYER_PARTS.flatMap(([kind, field, name]) => {
    const key = identity[field];
    return key ? [{ kind: kind as RiskBlockKind, key, label: `${name} of the payer of gift #${giftId}` }] : [];
  });
  if (rows.length === 0) return 0;
  const added = await tx
    .insert(riskBlocks)
    .values(rows.map((r) => ({ ...r, giftId, ...by, createdAt: deps.clock.now() })))
    .onConflictDoNothing()
    .returning({ id: riskBlocks.id });
  return added.length;
}

/** The operator's "Block payer" on a gift (from the Review queue or the dashboard). */
export async function blockPayer(deps: ServiceDeps, giftId: number, actor: AdminActor): Promise<BlockOutcome> {
  return deps.db.transaction(async (tx) => {
    const added = await blockPayerOfGift(tx, deps, giftId, { source: 'operator', operatorId: actor.id });
    if (added === 0)
      return { changed: false, message: `The payer of gift #${giftId} was already blocked (or is not known).` };
    await logAdminAction(tx, deps.clock, 'admin.risk_block', actor, { giftId, parts: added });
    return {
      changed: true,
      message: `Blocked the payer of gift #${giftId}: their next payments are refunded at once.`,
    };
  });
}

/** "j…@example.com": enough for an operator to tell blocks apart, not the address. */
function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email.trim()[0]}…${email.slice(at).toLowerCase()}` : '…';
}

export async function blockRecipient(deps: ServiceDeps, email: string, actor: AdminActor): Promise<BlockOutcome> {
  const key = recipientBlockKey(deps.config.digestSecret!, email);
  return deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(riskBlocks)
      .values({
        kind: 'recipient',
        key,
        label: maskedAddress(email),
        source: 'operator',
        operatorId: actor.id,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: riskBlocks.id });
    if (!added) return { changed: false, message: 'This address was already blocked.' };
    await logAdminAction(tx, deps.clock, 'admin.risk_block', actor, { blockId: added.id, kind: 'recipient' });
    return { changed: true, message: 'Blocked: new gifts to this address are refused.' };
  });
}

export async function removeBlock(deps: ServiceDeps, blockId: number, actor: AdminActor): Promise<BlockOutcome> {
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(riskBlocks).where(eq(riskBlocks.id, blockId)).returning();
    if (!removed) return { changed: false, message: `Block #${blockId} is not there (removed already).` };
    await logAdminAction(tx, deps.clock, 'admin.risk_unblock', actor, {
      blockId,
      kind: removed.kind,
      giftId: removed.giftId,
    });
    return { changed: true, message: `Removed the block: ${removed.label}.` };
  });
}

export async function listBlocks(deps: Pick<ServiceDeps, 'db'>): Promise<Blocks> {
  const rows = await deps.db.select().from(riskBlocks).orderBy(desc(riskBlocks.createdAt), desc(riskBlocks.id));
  return {
    blocks: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      label: r.label,
      giftId: r.giftId,
      source: r.source,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
