// Payout accounts belong to a person, not to an address (decision 021). Each account is set up for one gift's
// claim and recorded under the recipient's e-mail. A later gift to that address may pay into one only after its
// claimant proved at the provider that the account is theirs (owner-proof.ts); otherwise its claim sets up a new
// account, which pays nobody before its claimant has onboarded it.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { gifts, recipientAccounts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { writePayout, type GiftWithPayout } from '../payouts/payout-row.js';

type GiftRow = GiftWithPayout;

/** How many of an address's newest accounts are asked about: each is one provider read. */
const NEWEST_ACCOUNTS = 3;

/**
 * The existing account this claim may pay into once its owner signs in: the gift's own account, else the newest
 * one set up for the address whose owner finished onboarding (the provider has someone to sign in).
 */
export async function accountToProve(deps: ServiceDeps, gift: GiftRow): Promise<string | null> {
  // Without a provable sign-in (decision 021, Stripe) no existing account can be proven: the claim sets up its own.
  if (!deps.payments.createOwnerSignIn) return null;
  const newest = await deps.db
    .select({ id: recipientAccounts.providerAccountId })
    .from(recipientAccounts)
    .where(eq(sql`lower(${recipientAccounts.email})`, gift.recipientEmail!.trim().toLowerCase()))
    .orderBy(desc(recipientAccounts.id))
    .limit(NEWEST_ACCOUNTS);
  const ids = [gift.recipientAccountId, ...newest.map((row) => row.id)];
  const candidates = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  for (const id of candidates) if ((await deps.payments.retrieveAccount(id)).detailsSubmitted) return id;
  return null;
}

/**
 * A new account for this gift's claim, bound to the gift while no transfer has started. Reuses the gift's own
 * account while its onboarding has not been submitted, so pressing "Use a different account" twice sets up one.
 * Answers the account the gift is bound to now.
 */
export async function bindNewAccount(deps: ServiceDeps, gift: GiftRow): Promise<string> {
  const ownUnfinished = await ownAccountInProgress(deps, gift);
  const accountId = ownUnfinished ?? (await createGiftAccount(deps, gift));
  await bindAccount(deps, gift.id, accountId);
  return accountId;
}

/**
 * Binds the gift's payout to this account while neither its transfer nor a refund has started, and has the payout
 * job look at it soon. The gift row is locked first, as the payout's move to transferring locks it (pay-out.ts):
 * one waits for the other, so the transfer goes to the account the payout checked, and none is bound after it.
 */
export async function bindAccount(deps: ServiceDeps, giftId: number, accountId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [undecided] = await tx
      .select({ id: gifts.id })
      .from(gifts)
      .where(and(eq(gifts.id, giftId), inArray(gifts.state, ['paid', 'claim_started'])))
      .for('update');
    if (undecided) await writePayout(tx, giftId, { recipientAccountId: accountId, reconcileAfter: deps.clock.now() });
  });
}

async function ownAccountInProgress(deps: ServiceDeps, gift: GiftRow): Promise<string | null> {
  if (!gift.recipientAccountId) return null;
  const [own] = await deps.db
    .select({ id: recipientAccounts.id })
    .from(recipientAccounts)
    .where(
      and(eq(recipientAccounts.providerAccountId, gift.recipientAccountId), eq(recipientAccounts.giftId, gift.id)),
    );
  if (!own) return null;
  return (await deps.payments.retrieveAccount(gift.recipientAccountId)).detailsSubmitted
    ? null
    : gift.recipientAccountId;
}

/**
 * Creates the gift's next account. The key names the gift, its claim's start and the account the gift was bound to
 * when the request read it, so requests racing for the same gift (they read the same row) send the same key and the
 * provider creates one account, while a later change of account, or a claim started again (after the provider
 * disconnected the account, whose row is then gone), gets a new one.
 */
async function createGiftAccount(deps: ServiceDeps, gift: GiftRow): Promise<string> {
  const email = gift.recipientEmail!.trim().toLowerCase();
  const { id } = await deps.payments.createConnectedAccount({
    email,
    idempotencyKey: `${deps.config.providerKeyPrefix}:${gift.publicId}:account:${gift.claimStartedAt?.getTime() ?? 0}:after:${gift.recipientAccountId ?? 'none'}`,
  });
  await deps.db
    .insert(recipientAccounts)
    .values({ email, providerAccountId: id, giftId: gift.id, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  return id;
}
