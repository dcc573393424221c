// What the recipient's rights know of an address: only its keyed digest (HMAC under DIGEST_SECRET), so a reader of
// the database or a backup cannot test a guessed address; and the links e-mailed to it that act on the address
// (stop all gifts, undo a stop of all gifts or of one sender), 256-bit tokens stored only as their SHA-256.
import { and, eq } from 'drizzle-orm';
import { gifts, recipientLinks, type RecipientLinkPurpose } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { keyedDigest, newSecretToken, sha256 } from '../../crypto.js';
import { notFound } from '../../errors.js';
import { RECIPIENT_LINK_MESSAGES } from '../../../shared/schemas/recipient-rights.js';

export const addressDigest = (secret: string, email: string) =>
  keyedDigest(secret, 'recipient-address', email.trim().toLowerCase());

/** Where each link opens: the page that confirms it with one click. */
export const recipientLinkUrl = (publicUrl: string, purpose: RecipientLinkPurpose, token: string) =>
  `${publicUrl}/${purpose === 'stop-all' ? 'stop' : 'resume'}/${token}`;

export async function mintRecipientLink(
  tx: DbOrTx,
  deps: Pick<ServiceDeps, 'clock' | 'config'>,
  link: { purpose: RecipientLinkPurpose; addressDigest: string; giftId: number | null },
  /** Made beforehand when another row must name the link (a sender stop keeps its undo link's hash). */
  { token, hash } = newSecretToken(),
): Promise<string> {
  await tx.insert(recipientLinks).values({
    tokenHash: hash,
    purpose: link.purpose,
    addressDigest: link.addressDigest,
    giftId: link.giftId,
    createdAt: deps.clock.now(),
  });
  return recipientLinkUrl(deps.config.publicUrl, link.purpose, token);
}

export type RecipientLink = typeof recipientLinks.$inferSelect;

/** The link behind a token, for the purposes given; 404 for anything else (an unknown, malformed or erased link). */
export async function requireRecipientLink(
  db: DbOrTx,
  token: string,
  purposes: readonly RecipientLinkPurpose[],
): Promise<RecipientLink> {
  const [link] = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await db
        .select()
        .from(recipientLinks)
        .where(eq(recipientLinks.tokenHash, sha256(token)))
    : [];
  if (!link || !purposes.includes(link.purpose)) throw notFound(RECIPIENT_LINK_MESSAGES.notFound, 'NOT_FOUND');
  return link;
}

/** The address a link's gift was sent to, while the gift still holds it and it is the link's address. */
export async function addressOfLink(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  link: RecipientLink,
): Promise<string | null> {
  if (link.giftId === null) return null;
  const [gift] = await deps.db
    .select({ email: gifts.recipientEmail })
    .from(gifts)
    .where(and(eq(gifts.id, link.giftId)));
  const email = gift?.email ?? null;
  return email && addressDigest(deps.config.digestSecret!, email) === link.addressDigest ? email : null;
}
