// "Stop all gifts to this address" (issue 25 point 5): every claim e-mail carries a link; the page it opens confirms
// with one click (a GET never acts: mail scanners open links), which puts the address's keyed digest on the stop
// list and e-mails the address a link to undo it. A new gift to a stopped address is refused when it is created,
// before anyone pays, with a 4xx saying the recipient does not accept gifts: that tells a sender the address opted
// out, which its owner asked for, and nothing else.
import { eq } from 'drizzle-orm';
import { addressStops } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { runOn, statement } from '../../db/statements.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { queueEmail } from '../../email/outbox.js';
import { stopConfirmationEmail } from '../../email/templates/stop-confirmation.js';
import { RECIPIENT_LINK_MESSAGES } from '../../../shared/schemas/recipient-rights.js';
import { addressDigest, addressOfLink, mintRecipientLink, requireRecipientLink } from './address-links.js';

/** Whether the address digest given as parameter `param` ("$1") is on the stop list, as a SQL boolean. */
export const stoppedSql = (param: string) =>
  `exists (select 1 from address_stops where address_digest = ${param}::text)`;
const stoppedAddress = statement('recipient_stopped', `select ${stoppedSql('$1')} as stopped`);

/** Why a gift to a stopped address is refused (409 RECIPIENT_NOT_ACCEPTING). */
export const notAcceptingGifts = () =>
  new AppError(409, 'RECIPIENT_NOT_ACCEPTING', RECIPIENT_LINK_MESSAGES.notAccepting);

/** Refuses a gift to an address whose owner stopped all gifts (409 RECIPIENT_NOT_ACCEPTING). */
export async function assertAcceptsGifts(deps: Pick<ServiceDeps, 'db' | 'config'>, email: string): Promise<void> {
  if (await isStopped(deps.db, addressDigest(deps.config.digestSecret!, email))) throw notAcceptingGifts();
}

/** Whether the address is on the stop list (the stop page says "already stopped"). */
export async function isStopped(db: DbOrTx, digest: string): Promise<boolean> {
  const [row] = await runOn(db)<{ stopped: boolean }>(stoppedAddress, [digest]);
  return row!.stopped;
}

/** The claim e-mail's link, minted for one e-mail of the gift. */
export const mintStopAllLink = (
  tx: DbOrTx,
  deps: Pick<ServiceDeps, 'clock' | 'config'>,
  gift: { id: number; recipientEmail: string },
) =>
  mintRecipientLink(tx, deps, {
    purpose: 'stop-all',
    addressDigest: addressDigest(deps.config.digestSecret!, gift.recipientEmail),
    giftId: gift.id,
  });

/** The confirmed stop: once per address however often it is clicked; the undo link is e-mailed with the first. */
export async function stopAllGifts(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>, token: string): Promise<string> {
  const link = await requireRecipientLink(deps.db, token, ['stop-all']);
  const to = await addressOfLink(deps, link);
  await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(addressStops)
      .values({ addressDigest: link.addressDigest, stoppedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!added || !to) return;
    const undoUrl = await mintRecipientLink(tx, deps, {
      purpose: 'resume-all',
      addressDigest: link.addressDigest,
      // Not tied to the gift: the undo outlives the gift's erasure, as the stop does.
      giftId: null,
    });
    await queueEmail(tx, deps.clock, { kind: 'stop-all', to, ...stopConfirmationEmail({ undoUrl }) });
  });
  return RECIPIENT_LINK_MESSAGES.stopped;
}

/** The undo link's confirmed click: the address accepts gifts again. */
export async function resumeAllGifts(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<string> {
  const link = await requireRecipientLink(deps.db, token, ['resume-all']);
  await deps.db.delete(addressStops).where(eq(addressStops.addressDigest, link.addressDigest));
  return RECIPIENT_LINK_MESSAGES.resumedAll;
}
