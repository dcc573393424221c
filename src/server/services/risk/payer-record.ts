// The payer identity of each gift, kept as digests in gift_payers: the client address when the gift is started,
// the checkout's e-mail and card when it is paid. The velocity rule counts a payer's other paid gifts from here.
import { and, gt, ne, or, sql, eq, type SQL } from 'drizzle-orm';
import { giftPayers, type gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { payerIdentity, type PayerIdentity, type PayerIdentityInput } from './payer-identity.js';
import type { PayerHistory } from './rules.js';

type Deps = Pick<ServiceDeps, 'config' | 'clock'>;

/** Completes the gift's payer identity at payment; answers it whole (the client part from the gift's start). */
export async function recordPayerPayment(
  tx: DbOrTx,
  deps: Deps,
  gift: Pick<typeof gifts.$inferSelect, 'id' | 'amountCents'>,
  input: Omit<PayerIdentityInput, 'clientAddress'>,
  now: Date,
): Promise<PayerIdentity> {
  const { emailKey, cardKey } = payerIdentity(deps.config.digestSecret!, input);
  const [row] = await tx
    .insert(giftPayers)
    .values({ giftId: gift.id, emailKey, cardKey, amountCents: gift.amountCents, createdAt: now, paidAt: now })
    .onConflictDoUpdate({ target: giftPayers.giftId, set: { emailKey, cardKey, paidAt: now } })
    .returning();
  return { emailKey, cardKey, clientKey: row?.clientKey ?? null };
}

/** Any known part of the identity matches (one e-mail, one card or one client address is one payer). */
export function samePayer(identity: PayerIdentity): SQL | undefined {
  const parts = [
    identity.emailKey ? eq(giftPayers.emailKey, identity.emailKey) : undefined,
    identity.cardKey ? eq(giftPayers.cardKey, identity.cardKey) : undefined,
    identity.clientKey ? eq(giftPayers.clientKey, identity.clientKey) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? or(...parts) : undefined;
}

/** The payer's other gifts paid since `since`. */
export async function payerHistory(
  tx: DbOrTx,
  identity: PayerIdentity,
  exceptGiftId: number,
  since: Date,
): Promise<PayerHistory> {
  const match = samePayer(identity);
  if (!match) return { gifts: 0, cents: 0 };
  const [row] = await tx
    .select({
      gifts: sql<number>`count(*)::int`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${giftPayers.amountCents}), 0)::bigint`.mapWith(Number),
    })
    .from(giftPayers)
    .where(and(match, gt(giftPayers.paidAt, since), ne(giftPayers.giftId, exceptGiftId)));
  return row ?? { gifts: 0, cents: 0 };
}
