// Mints a claim link and queues the recipient's notification. The token is stored only as its SHA-256, so
// the link can only be sent at the moment it is minted: on delivery (at payment or on the scheduled day), and
// again (a fresh token that replaces the old one and every reminder's) when an admin or the sender resends it
// or the sender corrects the address.
import { and, eq, sql } from 'drizzle-orm';
import { giftDeliveries, gifts, outbox } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { newSecretToken } from '../../crypto.js';
import { queueEmail } from '../../email/outbox.js';
import { giftNotificationEmail } from '../../email/templates/gift-notification.js';
import { revokeExtraClaimLinks } from './gift-links.js';
import { claimAmountCents } from '../together/claim-amount.js';
import { mintVerificationCode } from '../recipient-rights/verify-code.js';
import { mintStopAllLink } from '../recipient-rights/stop-all.js';

export function claimUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/claim/${token}`;
}

/**
 * Replaces the gift's claim token with a fresh one and queues the notification with its link, in the caller's
 * transaction. Only for paid gifts; answers false (and does nothing) otherwise.
 */
export async function sendClaimLink(
  tx: DbOrTx,
  deps: Pick<ServiceDeps, 'clock' | 'config'>,
  giftId: number,
  options: { dedupeKey?: string } = {},
): Promise<boolean> {
  // Already sent under this key: rotating the token now would break the link in that e-mail.
  if (options.dedupeKey) {
    const [sent] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, options.dedupeKey));
    if (sent) return false;
  }
  const { token, hash } = newSecretToken();
  const [gift] = await tx
    .update(gifts)
    .set({ claimTokenHash: hash })
    .where(and(eq(gifts.id, giftId), eq(gifts.status, 'paid')))
    .returning();
  if (!gift) return false;
  await tx
    .update(giftDeliveries)
    .set({ notifiedAt: sql`coalesce(${giftDeliveries.notifiedAt}, ${deps.clock.now().toISOString()}::timestamptz)` })
    .where(eq(giftDeliveries.giftId, gift.id));
  if (!gift.recipientEmail || !gift.expiresAt) return false;
  await revokeExtraClaimLinks(tx, gift.id);
  const email = giftNotificationEmail({
    recipientFirstName: gift.recipientFirstName ?? 'there',
    amountCents: await claimAmountCents(tx, gift),
    fromFriends: gift.groupGiftId !== null,
    hasPersonalNote: Boolean(gift.personalNote),
    claimUrl: claimUrl(deps.config.publicUrl, token),
    expiresAt: gift.expiresAt,
    hasSecurityQuestion: Boolean(gift.securityQuestion),
    publicUrl: deps.config.publicUrl,
    verificationCode: await mintVerificationCode(tx, deps, gift.id),
    stopAllUrl: await mintStopAllLink(tx, deps, { id: gift.id, recipientEmail: gift.recipientEmail }),
  });
  await queueEmail(tx, deps.clock, {
    kind: 'gift-notification',
    to: gift.recipientEmail,
    giftId: gift.id,
    dedupeKey: options.dedupeKey ?? null,
    ...email,
  });
  return true;
}
