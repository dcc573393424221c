// POST /api/gifts/claim/:token/thank-you: after a successful claim the recipient may send one note to the anonymous
// sender. The sender gets it by e-mail (with a fresh link to their gift page) and on that page; the recipient's
// answer says only that it was sent. A group gift's note (decision 026) reaches every contributor whose share
// was paid out: each on their own gift page and by their own e-mail.
import { and, eq, getTableColumns, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { giftResponses, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { queueEmail } from '../../email/outbox.js';
import { thankYouEmail } from '../../email/templates/thank-you.js';
import { requireGiftByToken } from '../claims/find-gift.js';
import { transferStarted } from '../payouts/payout-row.js';
import { holdsClaimSession, type ClaimSessionCookies } from '../claims/claim-session.js';
import { CLAIM_MESSAGES } from '../../../shared/schemas/claim.js';
import { manageUrl, mintGiftLink } from '../gifts/gift-links.js';
import { senderColumns } from '../gifts/sender.js';

const r = giftResponses;

/**
 * Stores the note on each claimed gift `which` picks that has none yet: one upsert, so two tabs sending at once
 * store one. Answers those gifts.
 */
async function saveNote(tx: DbOrTx, which: SQL, note: string, now: Date) {
  const saved = await tx
    .insert(r)
    .select(
      tx
        .select({
          giftId: gifts.id,
          cancelledAt: sql<Date | null>`null::timestamptz`.as('cancelled_at'),
          declinedAt: sql<Date | null>`null::timestamptz`.as('declined_at'),
          thankYouNote: sql<string>`${note}::text`.as('thank_you_note'),
          thankYouAt: sql<Date>`${now.toISOString()}::timestamptz`.as('thank_you_at'),
        })
        .from(gifts)
        .where(and(which, or(eq(gifts.status, 'claimed'), transferStarted()))),
    )
    .onConflictDoUpdate({
      target: r.giftId,
      set: { thankYouNote: sql`excluded.thank_you_note`, thankYouAt: sql`excluded.thank_you_at` },
      setWhere: isNull(r.thankYouAt),
    })
    .returning({ giftId: r.giftId });
  if (saved.length === 0) return [];
  return tx
    .select({ ...getTableColumns(gifts), ...senderColumns })
    .from(gifts)
    .where(
      inArray(
        gifts.id,
        saved.map((s) => s.giftId),
      ),
    );
}

export async function sendThankYou(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  token: string,
  note: string,
  cookies: ClaimSessionCookies,
): Promise<void> {
  const gift = await requireGiftByToken(deps.db, token);
  // Only the recipient who answered (decision 012): a forwarded claim link cannot write to the sender.
  if (!(await holdsClaimSession(deps, gift, cookies))) throw notFound(CLAIM_MESSAGES.notFound);
  const claimed = gift.status === 'claimed' || (gift.status === 'paid' && gift.transferStartedAt !== null);
  if (!claimed) throw conflict('A thank-you note can be sent once the gift is claimed.');
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // One per gift, even when two tabs send at once.
    const [saved] = await saveNote(tx, eq(gifts.id, gift.id), note, now);
    if (!saved) throw conflict('A thank-you note has already been sent for this gift.');
    const shares =
      saved.groupGiftId === null
        ? []
        : await saveNote(tx, and(eq(gifts.groupGiftId, saved.groupGiftId), ne(gifts.id, saved.id))!, note, now);
    for (const thanked of [saved, ...shares]) {
      if (!thanked.senderEmail) continue;
      const link = manageUrl(deps.config.publicUrl, await mintGiftLink(tx, deps.clock, thanked.id, 'manage'));
      await queueEmail(tx, deps.clock, {
        kind: 'thank-you',
        to: thanked.senderEmail,
        giftId: thanked.id,
        dedupeKey: `gift:${thanked.id}:thank-you`,
        ...thankYouEmail({
          senderFirstName: thanked.senderFirstName,
          recipientFirstName: thanked.recipientFirstName,
          note,
          manageUrl: link,
        }),
      });
    }
  });
}
