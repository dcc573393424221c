// Links that open a gift besides its primary claim link (decision 016): the sender's gift page and the extra claim
// links reminders carry. Tokens are 256-bit random values; only their SHA-256 is stored, so a link can only be
// e-mailed when it is minted, and each e-mail that needs one mints its own.
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { giftLinks, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { newSecretToken } from '../../crypto.js';

export type GiftLinkPurpose = 'claim' | 'manage';

export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/gift/manage/${token}`;
}

/** Mints a link token for the gift and stores its hash; answers the token, to be put in an e-mail at once. */
export async function mintGiftLink(
  tx: DbOrTx,
  clock: Clock,
  giftId: number,
  purpose: GiftLinkPurpose,
): Promise<string> {
  const { token, hash } = newSecretToken();
  await tx.insert(giftLinks).values({ tokenHash: hash, giftId, purpose, createdAt: clock.now() });
  return token;
}

/** Every extra claim link of the gift stops working (the primary one is replaced by the caller). */
export async function revokeExtraClaimLinks(tx: DbOrTx, giftId: number): Promise<void> {
  await tx.delete(giftLinks).where(and(eq(giftLinks.giftId, giftId), eq(giftLinks.purpose, 'claim')));
}

/** The gift a claim token opens: its primary claim token, or an extra claim link (a reminder's). */
export function claimTokenMatches(hash: string | SQL | Placeholder): SQL {
  return sql`(${gifts.claimTokenHash} = ${hash} or ${gifts.id} = (select ${giftLinks.giftId} from ${giftLinks} where ${giftLinks.tokenHash} = ${hash} and ${giftLinks.purpose} = 'claim'))`;
}

/** The gift id a manage token opens, or null. */
export async function giftIdForManageToken(db: DbOrTx, hash: string): Promise<number | null> {
  const [link] = await db
    .select({ giftId: giftLinks.giftId })
    .from(giftLinks)
    .where(and(eq(giftLinks.tokenHash, hash), eq(giftLinks.purpose, 'manage')));
  return link?.giftId ?? null;
}
