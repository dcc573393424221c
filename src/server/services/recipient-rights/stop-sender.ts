// "Don't accept gifts from this sender again" (issue 25 point 4): after declining or claiming, in the gift's claim
// session (the right answer opened it, so a forwarded link alone cannot), the recipient stops the gift's payer. The
// stop keeps the address's keyed digest and the payer's person keys (payer-identity.ts), nothing the recipient could
// read a sender from; the payment check (sender-block.ts) refunds that payer's later gifts to the address whole. The
// first click stores it and e-mails the address an undo link; later clicks change nothing.
import { eq } from 'drizzle-orm';
import { senderStops } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { newSecretToken } from '../../crypto.js';
import { notFound } from '../../errors.js';
import { queueEmail } from '../../email/outbox.js';
import { senderStopConfirmationEmail } from '../../email/templates/sender-stop-confirmation.js';
import { type ClaimSessionCookies } from '../claims/claim-session.js';
import { CLAIM_MESSAGES } from '../../../shared/schemas/claim.js';
import {
  RECIPIENT_LINK_MESSAGES,
  STOP_SENDER_MESSAGES,
  type StopSenderResponse,
} from '../../../shared/schemas/recipient-rights.js';
import { addressDigest, mintRecipientLink, requireRecipientLink } from './address-links.js';
import { requireAnsweredGift } from './decline.js';
import { payerPersonKeys } from './payer-identity.js';

export async function stopSender(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  token: string,
  cookies: ClaimSessionCookies,
): Promise<StopSenderResponse> {
  const gift = await requireAnsweredGift(deps, token, cookies);
  const secret = deps.config.digestSecret!;
  const payerKeys = await payerPersonKeys(deps.db, secret, gift);
  // An erased gift, or one whose payer is unknown (never paid): nothing to stop, and nothing to say about why.
  if (!gift.recipientEmail || payerKeys.length === 0) throw notFound(CLAIM_MESSAGES.notFound);
  const to = gift.recipientEmail;
  const digest = addressDigest(secret, to);
  const undo = newSecretToken();
  await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(senderStops)
      .values({
        addressDigest: digest,
        payerKeys,
        giftId: gift.id,
        undoTokenHash: undo.hash,
        stoppedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: senderStops.id });
    if (!added) return;
    // Not tied to the gift: the undo outlives the gift's erasure, as the stop does.
    const undoUrl = await mintRecipientLink(
      tx,
      deps,
      { purpose: 'resume-sender', addressDigest: digest, giftId: null },
      undo,
    );
    await queueEmail(tx, deps.clock, { kind: 'stop-sender', to, ...senderStopConfirmationEmail({ undoUrl }) });
  });
  return { stopped: true, message: STOP_SENDER_MESSAGES.done };
}

/** Whether the stop an undo link names is still in place (the undo page says "already undone" otherwise). */
export async function senderStopOfLink(db: DbOrTx, undoTokenHash: string): Promise<boolean> {
  const [stop] = await db
    .select({ id: senderStops.id })
    .from(senderStops)
    .where(eq(senderStops.undoTokenHash, undoTokenHash));
  return Boolean(stop);
}

/** The undo link's confirmed click: that payer's gifts reach the address again. */
export async function resumeSender(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<string> {
  const link = await requireRecipientLink(deps.db, token, ['resume-sender']);
  await deps.db.delete(senderStops).where(eq(senderStops.undoTokenHash, link.tokenHash));
  return RECIPIENT_LINK_MESSAGES.resumedSender;
}
